import type { Database } from '@storefront/server-kit/domain';
import {
  markOrderCancelled,
  markOrderPaid,
  recordOrderRefund,
  type OrderRefund,
} from '../store/orders-store';
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
  /** Why the order's money went back: a completed refund (which one, how much), or the order cancelled. */
  reason: 'refunded' | 'cancelled';
  refund?: OrderRefund;
}

/**
 * Records that a paid order's money went back, exactly once per event id: a completed refund once by
 * its own id (in part or in full), a cancellation once per order. The affiliate program hears of it in
 * the same transaction, and takes back the share of the commission that went back.
 */
export async function recordReversal(
  db: Database,
  event: ReversalEvent,
): Promise<PaymentEventOutcome | 'payment_not_yet_recorded'> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await recordEventOnce(tx, event))) return 'duplicate';
      const outcome =
        event.reason === 'refunded' && event.refund
          ? await recordOrderRefund(tx, event.squareOrderId, event.refund)
          : await markOrderCancelled(tx, event.squareOrderId);
      // Square does not keep its events in order: a refund can outrun the payment it gives back. Its
      // event is then left unrecorded (the transaction rolls back) so the redelivery counts it.
      if (outcome === 'not_paid' && event.reason === 'refunded') throw new RefundBeforePayment();
      await recordEventOutcome(tx, event.eventId, outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RefundBeforePayment) return 'payment_not_yet_recorded';
    throw error;
  }
}

class RefundBeforePayment extends Error {}
