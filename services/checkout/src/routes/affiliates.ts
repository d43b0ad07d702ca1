import { HttpProblem, parseInput, rateLimit, type Database } from '@storefront/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { affiliateCodeSchema } from '../affiliate-code';
import { findAffiliateDiscount } from '../store/affiliates-store';

const lookupSchema = z.object({ code: affiliateCodeSchema });

export interface AffiliateRoutesOptions {
  /** Lookups allowed per client per window, so codes cannot be enumerated. */
  lookupLimit: number;
  lookupWindowMs: number;
}

export function affiliateRoutes(db: Database, options: AffiliateRoutesOptions): Router {
  const router = Router();
  router.post(
    '/affiliates/lookup',
    rateLimit({
      limit: options.lookupLimit,
      windowMs: options.lookupWindowMs,
      what: 'affiliate code attempts',
    }),
    async (req, res) => {
      const { code } = parseInput(lookupSchema, req.body ?? {}, 'Invalid Code');
      const discount = await findAffiliateDiscount(db, code);
      if (!discount)
        throw new HttpProblem(404, 'Invalid Code', 'The affiliate code you entered is not valid.');
      res.set('Cache-Control', 'no-store').json({ code, ...discount });
    },
  );
  return router;
}
