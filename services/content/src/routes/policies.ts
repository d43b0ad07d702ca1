import { policySlugSchema } from '@storefront/commerce';
import { HttpProblem, type Database } from '@storefront/service-kit';
import { Router } from 'express';
import { findPolicy } from '../store/policies-store';

export function policiesRoutes(db: Database): Router {
  const router = Router();
  router.get('/policies/:slug', async (req, res) => {
    const slug = policySlugSchema.safeParse(req.params.slug);
    const policy = slug.success ? await findPolicy(db, slug.data) : null;
    if (!policy)
      throw new HttpProblem(404, 'Policy not found', `There is no policy called "${req.params.slug}".`);
    // Policies change rarely; a short shared cache keeps page loads off the database.
    res.set('Cache-Control', 'public, max-age=300').json(policy);
  });
  return router;
}
