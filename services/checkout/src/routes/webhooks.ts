import { HttpProblem, rawBodyOf, type Database, type Logger } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import { recordPayment } from '../domain/record-payment';
import { squareSdk } from '../payments/square-sdk';

export interface WebhookSettings {
  signatureKey: string;
  /** Exactly the URL registered with Square: the signature covers it, so any difference fails verification. */
  notificationUrl: string;
}

const moneySchema = z.object({ amount: z.number().int(), currency: z.string().optional() });

const squareEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z
    .object({
      object: z
        .object({
          payment: z
            .object({
              id: z.string(),
              order_id: z.string().optional(),
              status: z.string(),
              total_money: moneySchema.optional(),
              amount_money: moneySchema.optional(),
            })
            .loose()
            .optional(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
});

/** Square's event notifications: only signed ones count, and each event id counts once. */
export function webhookRoutes(db: Database, settings: WebhookSettings, logger: Logger): Router {
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
    const payment = event.data?.object?.payment;
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
    const level = outcome === 'amount_mismatch' || outcome === 'unknown_order' ? 'error' : 'info';
    logger[level]({ eventId: event.event_id, squareOrderId: payment.order_id, outcome }, 'payment event');
    // Acknowledged whatever the outcome: a redelivery could not change it, and a mismatch needs a person.
    res.json({ received: true, outcome });
  });
  return router;
}
