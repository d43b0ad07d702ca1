import type { Database } from '@storefront/server-kit/domain';
import { markOrderPaid, markOrderReversed } from '../store/orders-store';
import { recordOrderPaid } from '../store/program-events-store';
import { recordEventOnce, recordEventOutcome, type PaymentEventOutcome } from '../store/webhook-events-store';

export interface PaymentEvent {
  eventId: string;
  type: string;
  squareOrderId: string | null;
  squarePaymentId: string | null;
  status: string | null;
  amountCents: number | null;
  currency: string | null;
}

/**
 * Records a payment, exactly once per event id: only a COMPLETED payment for the order's full total
 * moves it from pending_payment to paid. The event and its outcome are written in the same transaction
 * as the order, so a redelivery after a crash finds either nothing done or everything.
 */
export function recordPayment(db: Database, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordEventOnce(tx, event))) return 'duplicate';
    const outcome: PaymentEventOutcome =
      event.status === 'COMPLETED' && event.squareOrderId
        ? await markOrderPaid(tx, { ...event, squareOrderId: event.squareOrderId })
        : 'not_completed';
    // The affiliate program hears of the payment with it (ADR 0019): an order counts once it is paid.
    if (outcome === 'paid') await recordOrderPaid(tx, event.squareOrderId!);
    await recordEventOutcome(tx, event.eventId, outcome);
    return outcome;
  });
}

export interface ReversalEvent {
  eventId: string;
  type: string;
  squareOrderId: string;
  /** Why the order's money went back: a completed refund, or the order cancelled. */
  reason: 'refunded' | 'cancelled';
}

/**
 * Records that a paid order was refunded or cancelled, exactly once per event id and once per order (a
 * second refund of the same order changes nothing): the affiliate program hears of it with it, and
 * reverses the order's commission.
 */
export function recordReversal(db: Database, event: ReversalEvent): Promise<PaymentEventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordEventOnce(tx, event))) return 'duplicate';
    const outcome = await markOrderReversed(tx, event.squareOrderId, event.reason);
    await recordEventOutcome(tx, event.eventId, outcome);
    return outcome;
  });
}
