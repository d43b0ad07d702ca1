import { HttpProblem, rawBodyOf, type Database, type Logger, type Relay } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { recordPayment, recordReversal, type ReversalEvent } from '../domain/record-payment';
import { squareSdk } from '../payments/square-sdk';

export interface WebhookSettings {
  signatureKey: string;
  /** Exactly the URL registered with Square: the signature covers it, so any difference fails verification. */
  notificationUrl: string;
}

const moneySchema = z.object({ amount: z.number().int(), currency: z.string().optional() });

const paymentSchema = z
  .object({
    id: z.string(),
    order_id: z.string().optional(),
    status: z.string(),
    total_money: moneySchema.optional(),
    amount_money: moneySchema.optional(),
  })
  .loose();

/** A refund.created / refund.updated event's refund: only a COMPLETED one gave the money back. */
const refundSchema = z
  .object({ id: z.string(), order_id: z.string(), status: z.string(), amount_money: moneySchema.optional() })
  .loose();

/** An order.updated event's summary: a CANCELED state cancels the order. */
const orderUpdatedSchema = z.object({ order_id: z.string(), state: z.string() }).loose();

const squareEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z
    .object({
      object: z
        .object({
          payment: paymentSchema.optional(),
          refund: refundSchema.optional(),
          order_updated: orderUpdatedSchema.optional(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
});

/** The order a refund or cancellation event gives back, when it is one: other events are not. */
function reversalOf(
  type: string,
  refund: z.infer<typeof refundSchema> | undefined,
  orderUpdated: z.infer<typeof orderUpdatedSchema> | undefined,
): Pick<ReversalEvent, 'squareOrderId' | 'reason' | 'refund'> | null {
  if (type.startsWith('refund.') && refund?.status === 'COMPLETED')
    return {
      squareOrderId: refund.order_id,
      reason: 'refunded',
      refund: { refundId: refund.id, amountCents: refund.amount_money?.amount ?? null },
    };
  if (type === 'order.updated' && orderUpdated?.state === 'CANCELED')
    return { squareOrderId: orderUpdated.order_id, reason: 'cancelled' };
  return null;
}

/** What the webhook routes use of the service's parts (CheckoutParts has them). */
export interface WebhookParts {
  db: Database;
  webhooks: WebhookSettings;
  logger: Logger;
  programEvents: Pick<Relay, 'nudge'>;
}

/** Square's event notifications: only signed ones count, and each event id counts once. */
export function webhookRoutes({ db, webhooks: settings, logger, programEvents }: WebhookParts): Router {
  const router = Router();
  router.post('/webhooks/square', async (req, res) => {
    const signature = req.get('x-square-hmacsha256-signature');
    const body = rawBodyOf(req);
    const genuine =
      !!signature &&
      !!body &&
      (await (
        await squareSdk()
      ).WebhooksHelper.verifySignature({
        requestBody: body,
        signatureHeader: signature,
        signatureKey: settings.signatureKey,
        notificationUrl: settings.notificationUrl,
      }));
    if (!genuine) {
      logger.warn({ requestId: req.id }, 'webhook refused: missing or invalid signature');
      throw new HttpProblem(
        401,
        'Invalid signature',
        'This notification is not signed by the payment provider.',
      );
    }
    const parsed = squareEventSchema.safeParse(req.body);
    if (!parsed.success)
      throw new HttpProblem(400, 'Invalid event', 'The notification is not a payment event.');
    const event = parsed.data;
    const { payment, refund, order_updated: orderUpdated } = event.data?.object ?? {};
    const reversal = reversalOf(event.type, refund, orderUpdated);
    if (reversal) {
      const outcome = await recordReversal(db, { eventId: event.event_id, type: event.type, ...reversal });
      logger.info(
        { eventId: event.event_id, squareOrderId: reversal.squareOrderId, outcome },
        'reversal event',
      );
      if (outcome === 'payment_not_yet_recorded')
        // Not acknowledged, so Square delivers it again once the payment's own event has come.
        throw new HttpProblem(
          409,
          'Payment not yet recorded',
          'This refund is for a payment whose own notification has not arrived yet.',
        );
      if (outcome === 'reversed' || outcome === 'partly_refunded') programEvents.nudge();
      return res.json({ received: true, outcome });
    }
    if (!event.type.startsWith('payment.') || !payment) {
      return res.json({ received: true, outcome: 'ignored' });
    }
    const outcome = await recordPayment(db, {
      eventId: event.event_id,
      type: event.type,
      squareOrderId: payment.order_id ?? null,
      squarePaymentId: payment.id,
      status: payment.status,
      amountCents: (payment.total_money ?? payment.amount_money)?.amount ?? null,
      currency: (payment.total_money ?? payment.amount_money)?.currency ?? null,
    });
    if (outcome === 'paid') programEvents.nudge();
    const level = outcome === 'amount_mismatch' || outcome === 'unknown_order' ? 'error' : 'info';
    logger[level]({ eventId: event.event_id, squareOrderId: payment.order_id, outcome }, 'payment event');
    // Acknowledged whatever the outcome: a redelivery could not change it, and a mismatch needs a person.
    res.json({ received: true, outcome });
  });
  return router;
}
