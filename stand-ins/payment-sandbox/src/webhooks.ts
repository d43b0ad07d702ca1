import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from '@storefront/server-kit';
import type { PaymentLink } from './payment-links';
import type { refundJson } from './refunds';

export interface WebhookSubscription {
  notificationUrl: string;
  signatureKey: string;
  merchantId: string;
  locationId: string;
  firstRetryMs: number;
  attempts: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  body: string;
  signature: string;
  attempts: number;
  acknowledged: boolean;
}

/** Square's signature: base64 HMAC-SHA256, keyed by the subscription's key, over notification URL + body. */
export const signWebhook = (notificationUrl: string, body: string, signatureKey: string): string =>
  createHmac('sha256', signatureKey)
    .update(notificationUrl + body)
    .digest('base64');

/** A payment.updated event in Square's JSON shape, for a link's completed payment. */
export function paymentUpdatedEvent(link: PaymentLink, subscription: WebhookSubscription) {
  const payment = link.payment!;
  const money = { amount: payment.amount, currency: 'USD' };
  return {
    merchant_id: subscription.merchantId,
    type: 'payment.updated',
    event_id: randomUUID(),
    created_at: new Date().toISOString(),
    data: {
      type: 'payment',
      id: payment.id,
      object: {
        payment: {
          id: payment.id,
          created_at: payment.createdAt,
          updated_at: new Date().toISOString(),
          amount_money: money,
          total_money: money,
          approved_money: money,
          status: payment.status,
          source_type: 'CARD',
          card_details: { status: 'CAPTURED', card: { last_4: payment.cardLast4, card_brand: 'VISA' } },
          location_id: subscription.locationId,
          order_id: link.orderId,
          version: 2,
        },
      },
    },
  };
}

/** A refund.created or refund.updated event in Square's JSON shape. */
export function refundEvent(
  type: 'refund.created' | 'refund.updated',
  refund: ReturnType<typeof refundJson>,
  subscription: WebhookSubscription,
) {
  return {
    merchant_id: subscription.merchantId,
    type,
    event_id: randomUUID(),
    created_at: new Date().toISOString(),
    data: {
      type: 'refund',
      id: refund.id,
      object: { refund: { ...refund, location_id: subscription.locationId } },
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers events as Square does: signed, POSTed to the notification URL, and retried with a
 * doubling delay until a 2xx answer or the attempt limit. Deliveries are kept for inspection.
 */
export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];

  constructor(
    readonly subscription: WebhookSubscription,
    private readonly logger: Logger,
  ) {}

  send(event: { event_id: string; type: string }): WebhookDelivery {
    const body = JSON.stringify(event);
    const delivery: WebhookDelivery = {
      eventId: event.event_id,
      type: event.type,
      body,
      signature: signWebhook(this.subscription.notificationUrl, body, this.subscription.signatureKey),
      attempts: 0,
      acknowledged: false,
    };
    this.deliveries.push(delivery);
    void this.deliver(delivery);
    return delivery;
  }

  private async deliver(delivery: WebhookDelivery): Promise<void> {
    const initial = new Date().toISOString();
    for (let attempt = 0; attempt < this.subscription.attempts; attempt++) {
      if (attempt > 0) await sleep(this.subscription.firstRetryMs * 2 ** (attempt - 1));
      delivery.attempts = attempt + 1;
      try {
        const response = await fetch(this.subscription.notificationUrl, {
          method: 'POST',
          signal: AbortSignal.timeout(10_000),
          headers: {
            'content-type': 'application/json',
            'x-square-hmacsha256-signature': delivery.signature,
            'square-initial-delivery-timestamp': initial,
            'square-retry-number': String(attempt),
          },
          body: delivery.body,
        });
        if (response.ok) {
          delivery.acknowledged = true;
          return;
        }
        this.logger.warn({ eventId: delivery.eventId, status: response.status }, 'webhook not acknowledged');
      } catch (error) {
        this.logger.warn({ eventId: delivery.eventId, err: error }, 'webhook delivery failed');
      }
    }
    this.logger.error({ eventId: delivery.eventId }, 'webhook abandoned after the last attempt');
  }
}
