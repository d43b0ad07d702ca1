import { HttpProblem, parseInput, type Database, type Limiter } from '@storefront/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { affiliateCodeSchema } from '../affiliate-code';
import { findAffiliateDiscount } from '../store/affiliates-store';

const lookupSchema = z.object({ code: affiliateCodeSchema });

/**
 * Counts one affiliate-code attempt for the client, on the budget every route that looks a code up
 * shares (the lookup and order creation), so codes cannot be enumerated through either.
 */
export function countAffiliateAttempt(attempts: Limiter, client: string | undefined): Promise<void> {
  return attempts.charge(client ?? 'unknown', 'affiliate code attempts');
}

export function affiliateRoutes(db: Database, attempts: Limiter): Router {
  const router = Router();
  router.post('/affiliates/lookup', async (req, res) => {
    await countAffiliateAttempt(attempts, req.ip);
    const { code } = parseInput(lookupSchema, req.body ?? {}, 'Invalid Code');
    const discount = await findAffiliateDiscount(db, code);
    if (!discount) throw new HttpProblem(404, 'Invalid Code', 'The affiliate code you entered is not valid.');
    res.set('Cache-Control', 'no-store').json({ code, ...discount });
  });
  return router;
}
