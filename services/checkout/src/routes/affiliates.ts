import { parseInput, type Database, type Limiter } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { affiliateCodeSchema } from '../affiliate-code';
import { chargeCodeAttempt, invalidCode } from '../domain/affiliate-discount';
import { findAffiliateDiscount } from '../store/affiliates-store';

const lookupSchema = z.object({ code: affiliateCodeSchema });

export function affiliateRoutes(db: Database, attempts: Limiter): Router {
  const router = Router();
  router.post('/affiliates/lookup', async (req, res) => {
    await chargeCodeAttempt(attempts, req.ip ?? 'unknown');
    const { code } = parseInput(lookupSchema, req.body ?? {}, 'Invalid Code');
    const discount = await findAffiliateDiscount(db, code);
    if (!discount) throw invalidCode('the code');
    res.set('Cache-Control', 'no-store').json({ code, ...discount });
  });
  return router;
}
