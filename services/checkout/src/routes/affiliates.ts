import { createHash } from 'node:crypto';
import { HttpProblem, parseInput, type Limiter } from '@storefront/server-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { affiliateCodeSchema, newAffiliateCodeSchema } from '../affiliate-code';
import { chargeCodeAttempt, invalidCode } from '../domain/affiliate-discount';
import type { CheckoutParts } from '../parts';
import { findAffiliateDiscount, projectProgramCode } from '../store/affiliates-store';
import { recordProgramEvent } from '../store/program-events-store';
import { rememberReferral } from './referral-cookie';

/** `followed`: the lookup is a follow of the code's /ref link, which the program counts as a click. */
const lookupSchema = z.object({ code: affiliateCodeSchema, followed: z.literal(true).optional() });
const programCodeSchema = z.object({
  code: newAffiliateCodeSchema,
  affiliateId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  discountRate: z.number().gt(0).lt(1),
  active: z.boolean(),
});

/** One client as the program tells clicks apart: a digest of its address and browser, never the address. */
const clientKeyOf = (req: Request) =>
  createHash('sha256')
    .update(`${req.ip ?? 'unknown'}|${req.get('user-agent') ?? ''}`)
    .digest('base64url')
    .slice(0, 22);

export function affiliateRoutes(
  { db, cookies, programEvents }: Pick<CheckoutParts, 'db' | 'cookies' | 'programEvents'>,
  attempts: Limiter,
): Router {
  const router = Router();
  router.post('/affiliates/lookup', async (req, res) => {
    await chargeCodeAttempt(attempts, req.ip ?? 'unknown');
    const { code, followed } = parseInput(lookupSchema, req.body ?? {}, 'Invalid Code');
    const discount = await findAffiliateDiscount(db, code);
    if (!discount) throw invalidCode('the code');
    if (followed) {
      const referral = { code, followedAt: new Date() };
      // Whether this follow is a click the program counts (bots, repeats) is the program's to decide.
      await recordProgramEvent(db, 'link-followed', {
        affiliateId: discount.affiliateId,
        code,
        clientKey: clientKeyOf(req),
        userAgent: (req.get('user-agent') ?? '').slice(0, 300),
        followedAt: referral.followedAt,
      });
      programEvents.nudge();
      rememberReferral(res, referral, cookies.secure);
    }
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
