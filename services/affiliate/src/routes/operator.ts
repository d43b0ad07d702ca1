import { HttpProblem, isSameSecret, parseInput } from '@storefront/server-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { decideApplication } from '../domain/joining';
import type { AffiliateParts } from '../parts';
import { listAffiliates, setCommissionRate } from '../store/affiliates-store';
import { payablesByAffiliate, payOut } from '../store/program-store';

const listSchema = z.object({ status: z.enum(['applied', 'approved', 'declined']).optional() });
const decisionSchema = z.object({ id: z.uuid({ message: 'Name an application by its id.' }) });
const affiliateSchema = z.object({ id: z.uuid({ message: 'Name an affiliate by its id.' }) });
const rateSchema = z.object({
  percent: z
    .number({ message: 'Give the commission rate as a percentage.' })
    .min(0, 'A commission rate is between 0 and 100 %.')
    .max(100, 'A commission rate is between 0 and 100 %.'),
});

const noSuchAffiliate = () =>
  new HttpProblem(404, 'No such affiliate', 'There is no approved affiliate with this id.');

/** Whether the request carries the operators' bearer credential (compared in constant time). */
function carriesOperatorToken(req: Request, operatorToken: string): boolean {
  const presented = /^Bearer (\S{1,512})$/.exec(req.get('authorization') ?? '')?.[1];
  return presented !== undefined && isSameSecret(presented, operatorToken);
}

/**
 * The operators' side of the program, behind their credential: list affiliates and applications,
 * approve or decline one, set an affiliate's commission rate, list what is owed and record a payout. Every request is counted per client before the credential is checked, so the
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
  router.put('/operator/affiliates/:id/commission-rate', async (req, res) => {
    const { id } = parseInput(affiliateSchema, req.params, 'Invalid affiliate');
    const { percent } = parseInput(rateSchema, req.body ?? {}, 'Invalid rate');
    const affiliate = await setCommissionRate(db, id, Math.round(percent * 100));
    if (!affiliate) throw noSuchAffiliate();
    res.set('Cache-Control', 'no-store').json(affiliate);
  });
  // What is owed now (payable commissions: past the refund window, not reversed, not yet paid).
  router.get('/operator/payouts', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ payouts: await payablesByAffiliate(db) });
  });
  router.post('/operator/affiliates/:id/payouts', async (req, res) => {
    const { id } = parseInput(affiliateSchema, req.params, 'Invalid affiliate');
    const payout = await payOut(db, id);
    if (!payout) throw new HttpProblem(409, 'Nothing owed', 'This affiliate has no payable commission.');
    res.status(201).set('Cache-Control', 'no-store').json(payout);
  });
  return router;
}
