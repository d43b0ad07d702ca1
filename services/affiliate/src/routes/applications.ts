import { parseInput, signedInAccount } from '@storefront/server-kit';
import { Router } from 'express';
import { isPlainText, isSingleLine, NOT_PLAIN_TEXT } from '@storefront/commerce';
import { z } from 'zod';
import { applyToJoin, standingOf } from '../domain/joining';
import type { AffiliateParts } from '../parts';
import type { Affiliate } from '../store/affiliates-store';
import { figuresOf } from '../store/figures-store';

/** A field of the application, without control characters: what an operator reads in a terminal. */
const text = (field: string, max: number, lines: 'one line' | 'several lines') =>
  z
    .string({ message: `Enter ${field}.` })
    .trim()
    .min(1, `Enter ${field}.`)
    .max(max, `Keep ${field} under ${max} characters.`)
    .refine(lines === 'one line' ? isSingleLine : isPlainText, NOT_PLAIN_TEXT);

const applicationSchema = z.object({
  name: text('your name', 120, 'one line'),
  channel: text('your website or channel', 300, 'one line'),
  promotion: text('how you will promote the shop', 2000, 'several lines'),
});

/** What an affiliate may read of their own standing: never another's, never the operator's notes. */
const standingView = (affiliate: Affiliate) => ({
  status: affiliate.status,
  name: affiliate.name,
  code: affiliate.code,
  commissionRate: affiliate.commissionRateBp / 10_000,
  appliedAt: affiliate.appliedAt,
});

/** A signed-in account's side of the program: apply once, read where it stands and, once approved, its figures. */
export function applicationRoutes({ db, accounts, limits }: AffiliateParts): Router {
  const router = Router();
  router.post('/applications', async (req, res) => {
    await limits.applications.charge(req.ip ?? 'unknown', 'applications');
    const account = await signedInAccount(req.get('authorization'), accounts, String(req.id));
    const application = parseInput(applicationSchema, req.body ?? {}, 'Invalid application');
    const affiliate = await applyToJoin(db, account, application);
    res.status(201).set('Cache-Control', 'no-store').json(standingView(affiliate));
  });
  router.get('/me', async (req, res) => {
    const account = await signedInAccount(req.get('authorization'), accounts, String(req.id));
    const affiliate = await standingOf(db, account.id);
    if (!affiliate) return res.set('Cache-Control', 'no-store').json({ status: 'none' });
    // The figures are read by the session's own affiliate id: no request names whose figures to read.
    const figures = affiliate.status === 'approved' ? { figures: await figuresOf(db, affiliate.id) } : {};
    res.set('Cache-Control', 'no-store').json({ ...standingView(affiliate), ...figures });
  });
  return router;
}
