import { HttpProblem, sendRepresentation, type Representation } from '@storefront/server-kit';
import { Router } from 'express';

export const policyPath = (slug: string) => `/policies/${slug}`;

/**
 * Policies at their exact paths are answered from memory before reaching Express; this route answers
 * the rest from the same snapshot and says which policy does not exist.
 */
export function policiesRoutes(published: () => ReadonlyMap<string, Representation> | undefined): Router {
  const router = Router();
  router.get('/policies/:slug', (req, res) => {
    const policies = published();
    if (!policies)
      throw new HttpProblem(503, 'Policies unavailable', 'Policies are loading. Please try again shortly.');
    const policy = policies.get(policyPath(req.params.slug));
    if (!policy)
      throw new HttpProblem(404, 'Policy not found', `There is no policy called "${req.params.slug}".`);
    sendRepresentation(req, res, policy);
  });
  return router;
}
