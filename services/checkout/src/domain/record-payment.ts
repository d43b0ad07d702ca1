import type { Database } from '@storefront/server-kit/domain';
import { markOrderPaid } from '../store/orders-store';
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
    await recordEventOutcome(tx, event.eventId, outcome);
    return outcome;
  });
}
