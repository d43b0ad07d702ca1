import { HttpProblem, parseInput, type Database, type Limiter } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { affiliateCodeSchema, newAffiliateCodeSchema } from '../affiliate-code';
import { chargeCodeAttempt, invalidCode } from '../domain/affiliate-discount';
import { findAffiliateDiscount, projectProgramCode } from '../store/affiliates-store';

const lookupSchema = z.object({ code: affiliateCodeSchema });
const programCodeSchema = z.object({
  code: newAffiliateCodeSchema,
  affiliateId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  discountRate: z.number().gt(0).lt(1),
  active: z.boolean(),
});

export function affiliateRoutes(db: Database, attempts: Limiter): Router {
  const router = Router();
  router.post('/affiliates/lookup', async (req, res) => {
    await chargeCodeAttempt(attempts, req.ip ?? 'unknown');
    const { code } = parseInput(lookupSchema, req.body ?? {}, 'Invalid Code');
    const discount = await findAffiliateDiscount(db, code);
    if (!discount) throw invalidCode('the code');
    res.set('Cache-Control', 'no-store').json({ code, ...discount });
  });
  // The affiliate program's codes (ADR 0018): it tells this projection of them each change, by code.
  router.put('/internal/affiliate-codes/:code', async (req, res) => {
    const code = parseInput(programCodeSchema, { ...req.body, code: req.params.code }, 'Invalid code');
    if ((await projectProgramCode(db, code)) === 'taken') {
      throw new HttpProblem(409, 'Code taken', `${code.code} belongs to another affiliate here.`);
    }
    res.status(204).end();
  });
  return router;
}
