import { newsletterSubscriptionSchema, type NewsletterResult } from '@storefront/commerce';
import {
  HttpProblem,
  parseInput,
  rateLimit,
  type Database,
  type LimitStore,
  type RateLimitOptions,
} from '@storefront/service-kit';
import { Router } from 'express';
import { addSubscriber } from '../store/subscribers-store';

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
      const outcome = await addSubscriber(db, subscription, {
        submittedAt: new Date(),
        userAgent: req.get('user-agent') ?? null,
      });
      if (outcome === 'already_subscribed') {
        throw new HttpProblem(
          409,
          'Already subscribed',
          'This email is already subscribed to our newsletter.',
        );
      }
      const body: NewsletterResult = { status: 'subscribed' };
      res.status(201).json(body);
    },
  );
  return router;
}
