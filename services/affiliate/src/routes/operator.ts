import { HttpProblem, isSameSecret, parseInput } from '@storefront/server-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { decideApplication } from '../domain/joining';
import type { AffiliateParts } from '../parts';
import { listAffiliates } from '../store/affiliates-store';

const listSchema = z.object({ status: z.enum(['applied', 'approved', 'declined']).optional() });
const decisionSchema = z.object({ id: z.uuid({ message: 'Name an application by its id.' }) });

/** Whether the request carries the operators' bearer credential (compared in constant time). */
function carriesOperatorToken(req: Request, operatorToken: string): boolean {
  const presented = /^Bearer (\S{1,512})$/.exec(req.get('authorization') ?? '')?.[1];
  return presented !== undefined && isSameSecret(presented, operatorToken);
}

/**
 * The operators' side of the program, behind their credential: list affiliates and applications, and
 * approve or decline one. Every request is counted per client before the credential is checked, so the
 * credential cannot be guessed at speed.
 */
export function operatorRoutes({ db, operatorToken, limits, deliverCodeChanges }: AffiliateParts): Router {
  const router = Router();
  router.use('/operator', async (req, _res, next) => {
    await limits.operator.charge(req.ip ?? 'unknown', 'operator requests');
    if (!carriesOperatorToken(req, operatorToken)) {
      throw new HttpProblem(401, 'Operators only', 'This route needs the operator credential.');
    }
    next();
  });
  router.get('/operator/affiliates', async (req, res) => {
    const { status } = parseInput(listSchema, req.query, 'Invalid filter');
    res.set('Cache-Control', 'no-store').json({ affiliates: await listAffiliates(db, status) });
  });
  for (const decision of ['approve', 'decline'] as const) {
    router.post(`/operator/affiliates/:id/${decision}`, async (req, res) => {
      const { id } = parseInput(decisionSchema, req.params, 'Invalid application');
      const affiliate = await decideApplication(db, id, decision);
      if (affiliate.code) deliverCodeChanges();
      res.set('Cache-Control', 'no-store').json(affiliate);
    });
  }
  return router;
}
