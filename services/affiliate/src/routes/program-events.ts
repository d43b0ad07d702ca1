import { HttpProblem, parseInput } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { takeProgramEvents, type RecordedEvent } from '../domain/program-events';
import type { AffiliateParts } from '../parts';

/** A time a record of checkout's can hold: a date outside these years is no event's. */
const time = z.coerce
  .date()
  .refine(
    (date) => date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 9999,
    'Not a date of this shop',
  );
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
      referralClientKey: z.string().max(64).nullable().default(null),
      subtotalCents: z.number().int().min(0),
      email: z.string().max(320).nullable(),
      // Events written before orders carried their account, their placing and their total have none.
      accountId: z.string().max(64).nullable().default(null),
      placedAt: time.nullable().default(null),
      totalCents: z.number().int().min(0).nullable().default(null),
    }),
  }),
  z.object({
    kind: z.literal('order-reversed'),
    body: z.object({
      orderId: z.uuid(),
      reason: z.enum(['refunded', 'cancelled']),
      refundedCents: z.number().int().min(0).optional(),
      paidCents: z.number().int().positive().optional(),
    }),
  }),
]);
const recordedSchema = z.object({ id: z.number().int() }).and(eventSchema);
/** What checkout's outbox sends: its events' ids (and bodies, which are taken only as checkout has them). */
const batchSchema = z.object({
  events: z.array(z.object({ id: z.number().int().positive() }).loose()).max(100),
});

/**
 * Checkout's events (ADR 0019), behind the service key as every /internal route. The program takes an
 * event only as checkout recorded it, asked under its id: a batch from anyone else (a forged click, a
 * back-dated payment) changes no figure. An event that makes no sense is refused and logged.
 */
export function programEventRoutes({ db, logger, checkout }: AffiliateParts): Router {
  const router = Router();
  router.post('/internal/program-events', async (req, res) => {
    const { events } = parseInput(batchSchema, req.body ?? {}, 'Invalid events');
    const ids = events.map((event) => event.id);
    const copies = ids.length
      ? await checkout.recorded(ids).catch((error: unknown) => {
          logger.warn({ err: error }, 'checkout could not be asked for the events it sent');
          throw new HttpProblem(503, 'Unavailable', 'The events cannot be checked with checkout now.');
        })
      : [];
    const recorded: RecordedEvent[] = [];
    for (const copy of copies) {
      const parsed = recordedSchema.safeParse(copy);
      if (parsed.success) recorded.push(parsed.data as RecordedEvent);
      else logger.error({ copy }, 'an event checkout recorded could not be read');
    }
    const unrecorded = ids.filter((id) => !recorded.some((event) => event.id === id));
    if (unrecorded.length) logger.warn({ ids: unrecorded }, 'events checkout never recorded were refused');
    const { forOperator, refused } = await takeProgramEvents(db, recorded);
    for (const { id, why } of refused) logger.warn({ id, why }, 'an event that makes no sense was refused');
    for (const orderId of forOperator) {
      logger.error({ orderId }, 'a refunded or cancelled order had its commission paid out already');
    }
    res.status(204).end();
  });
  return router;
}
