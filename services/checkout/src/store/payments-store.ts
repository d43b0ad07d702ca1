import type { Database } from '@storefront/service-kit';
import { ORDER_CURRENCY } from '../payments/square-order';

export interface PaymentEvent {
  eventId: string;
  type: string;
  squareOrderId: string | null;
  squarePaymentId: string | null;
  status: string | null;
  amountCents: number | null;
  currency: string | null;
}

export type PaymentEventOutcome =
  'duplicate' | 'paid' | 'already_paid' | 'amount_mismatch' | 'unknown_order' | 'not_completed';

/**
 * Applies one verified payment event, exactly once per event id. Only a COMPLETED payment for the full
 * stored total, in the order's currency, moves an order from pending_payment to paid; nothing ever moves it back, so duplicated,
 * late or out-of-order events leave a paid order as it is.
 */
export async function applyPaymentEvent(db: Database, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return db.transaction(async (tx) => {
    const first = await tx.query(
      `INSERT INTO webhook_events (event_id, type, square_order_id, outcome) VALUES ($1, $2, $3, 'received')
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.eventId, event.type, event.squareOrderId],
    );
    if (first.rowCount === 0) return 'duplicate';

    let outcome: PaymentEventOutcome;
    if (event.status !== 'COMPLETED' || !event.squareOrderId) {
      outcome = 'not_completed';
    } else {
      const paid = await tx.query(
        `UPDATE orders SET status = 'paid', paid_at = now(), square_payment_id = $2, updated_at = now()
          WHERE square_order_id = $1 AND status = 'pending_payment' AND total_cents = $3 AND $4::text = $5::text
          RETURNING id`,
        [event.squareOrderId, event.squarePaymentId, event.amountCents, event.currency, ORDER_CURRENCY],
      );
      if (paid.rowCount) {
        outcome = 'paid';
      } else {
        const { rows } = await tx.query<{ status: string }>(
          'SELECT status FROM orders WHERE square_order_id = $1',
          [event.squareOrderId],
        );
        outcome = !rows[0] ? 'unknown_order' : rows[0].status === 'paid' ? 'already_paid' : 'amount_mismatch';
      }
    }
    await tx.query('UPDATE webhook_events SET outcome = $2 WHERE event_id = $1', [event.eventId, outcome]);
    return outcome;
  });
}
