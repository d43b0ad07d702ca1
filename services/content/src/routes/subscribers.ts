import { newsletterSubscriptionSchema, type NewsletterResult } from '@storefront/commerce/content';
import {
  parseInput,
  rateLimit,
  type Database,
  type LimitStore,
  type RateLimitOptions,
} from '@storefront/server-kit';
import { Router } from 'express';
import { subscribeToNewsletter } from '../domain/subscribe';

export function subscribersRoutes(db: Database, signUps: RateLimitOptions, limits: LimitStore): Router {
  const router = Router();
  router.post(
    '/subscribers',
    rateLimit({ ...signUps, what: 'newsletter sign-ups' }, limits),
    async (req, res) => {
      const subscription = parseInput(
        newsletterSubscriptionSchema,
        req.body ?? {},
        'Required fields missing',
      );
      await subscribeToNewsletter(db, subscription, {
        submittedAt: new Date(),
        userAgent: req.get('user-agent') ?? null,
      });
      const body: NewsletterResult = { status: 'subscribed' };
      res.status(201).json(body);
    },
  );
  return router;
}
