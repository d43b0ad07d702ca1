import { parseInput, signedInAccount } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { applyToJoin, standingOf } from '../domain/joining';
import type { AffiliateParts } from '../parts';
import type { Affiliate } from '../store/affiliates-store';

const text = (field: string, max: number) =>
  z
    .string({ message: `Enter ${field}.` })
    .trim()
    .min(1, `Enter ${field}.`)
    .max(max, `Keep ${field} under ${max} characters.`);

const applicationSchema = z.object({
  name: text('your name', 120),
  channel: text('your website or channel', 300),
  promotion: text('how you will promote the shop', 2000),
});

/** What an affiliate may read of their own standing: never another's, never the operator's notes. */
const standingView = (affiliate: Affiliate) => ({
  status: affiliate.status,
  name: affiliate.name,
  code: affiliate.code,
  commissionRate: affiliate.commissionRateBp / 10_000,
  appliedAt: affiliate.appliedAt,
});

/** A signed-in account's side of joining: apply once, and read where the application stands. */
export function applicationRoutes({ db, accounts, limits }: AffiliateParts): Router {
  const router = Router();
  router.post('/applications', async (req, res) => {
    await limits.applications.charge(req.ip ?? 'unknown', 'applications');
    const accountId = await signedInAccount(req.get('authorization'), accounts, String(req.id));
    const application = parseInput(applicationSchema, req.body ?? {}, 'Invalid application');
    const affiliate = await applyToJoin(db, accountId, application);
    res.status(201).set('Cache-Control', 'no-store').json(standingView(affiliate));
  });
  router.get('/me', async (req, res) => {
    const accountId = await signedInAccount(req.get('authorization'), accounts, String(req.id));
    const affiliate = await standingOf(db, accountId);
    res.set('Cache-Control', 'no-store').json(affiliate ? standingView(affiliate) : { status: 'none' });
  });
  return router;
}
