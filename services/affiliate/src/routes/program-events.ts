import { parseInput } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { takeProgramEvents } from '../domain/program-events';
import type { AffiliateParts } from '../parts';

const time = z.coerce.date();
const eventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('link-followed'),
    body: z.object({
      affiliateId: z.uuid(),
      code: z.string().max(64),
      clientKey: z.string().min(1).max(64),
      userAgent: z.string().max(300),
      followedAt: time,
    }),
  }),
  z.object({
    kind: z.literal('order-paid'),
    body: z.object({
      orderId: z.uuid(),
      orderNumber: z.string().min(1).max(40),
      paidAt: time,
      affiliateId: z.string().max(64).nullable(),
      code: z.string().max(64).nullable(),
      referralCode: z.string().max(64).nullable(),
      referralFollowedAt: time.nullable(),
      subtotalCents: z.number().int().min(0),
      email: z.string().max(320).nullable(),
      // Events written before orders carried their account have none.
      accountId: z.string().max(64).nullable().default(null),
    }),
  }),
  z.object({
    kind: z.literal('order-reversed'),
    body: z.object({ orderId: z.uuid(), reason: z.enum(['refunded', 'cancelled']) }),
  }),
]);
const batchSchema = z.object({
  events: z.array(z.object({ id: z.number().int() }).and(eventSchema)).max(100),
});

/** Checkout's events (ADR 0019), behind the service key as every /internal route. */
export function programEventRoutes({ db, logger }: AffiliateParts): Router {
  const router = Router();
  router.post('/internal/program-events', async (req, res) => {
    const { events } = parseInput(batchSchema, req.body ?? {}, 'Invalid events');
    const forOperator = await takeProgramEvents(db, events);
    for (const orderId of forOperator) {
      logger.error({ orderId }, 'a refunded or cancelled order had its commission paid out already');
    }
    res.status(204).end();
  });
  return router;
}
