import { HttpProblem, isRefusal, parseInput, type Limiter } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { affiliateCodeSchema, newAffiliateCodeSchema } from '../affiliate-code';
import { discountOfCode, invalidCode } from '../domain/affiliate-discount';
import type { CheckoutParts } from '../parts';
import { projectProgramCode } from '../store/affiliates-store';
import { recordProgramEvent } from '../store/program-events-store';
import { clientKeyOf, rememberReferral } from './referral-cookie';
import { publicDiscount } from '../domain/public-affiliate';

/** `followed`: the lookup is a follow of the code's /ref link, which the program counts as a click. */
const lookupSchema = z.object({ code: affiliateCodeSchema, followed: z.literal(true).optional() });
const programCodeSchema = z.object({
  code: newAffiliateCodeSchema,
  affiliateId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  discountRate: z.number().gt(0).lt(1),
  active: z.boolean(),
});

export function affiliateRoutes(
  { db, cookies, programEvents }: Pick<CheckoutParts, 'db' | 'cookies' | 'programEvents'>,
  attempts: Limiter,
): Router {
  const router = Router();
  router.post('/affiliates/lookup', async (req, res) => {
    const { code, followed } = parseInput(lookupSchema, req.body ?? {}, 'Invalid Code');
    // Only misses are charged: a shopper's own code, looked up again on every checkout page, is no guess.
    const discount = await discountOfCode(db, attempts, req.ip ?? 'unknown', code, 'misses').catch(
      (error: unknown) => {
        throw isRefusal(error) && error.refusal === 'refused' ? invalidCode('the code') : error;
      },
    );
    if (followed) {
      const referral = { code, followedAt: new Date(), clientKey: clientKeyOf(req) };
      // Whether this follow is a click the program counts (bots, repeats) is the program's to decide.
      await recordProgramEvent(db, 'link-followed', {
        affiliateId: discount.affiliateId,
        code,
        clientKey: referral.clientKey,
        userAgent: (req.get('user-agent') ?? '').slice(0, 300),
        followedAt: referral.followedAt,
      });
      programEvents.nudge();
      rememberReferral(res, referral, cookies);
    }
    res.set('Cache-Control', 'no-store').json(publicDiscount(discount));
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
