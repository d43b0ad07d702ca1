import type { Queryable } from '@storefront/server-kit';

/** What became of a payment event: kept beside it, for the person who looks into a payment. */
export type PaymentEventOutcome =
  | 'duplicate'
  | 'paid'
  | 'already_paid'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'not_completed'
  | 'reversed'
  | 'partly_refunded'
  | 'already_refunded'
  | 'already_reversed'
  | 'not_paid';

/** Records an event id once; false when it was seen before (Square delivers at least once). */
export async function recordEventOnce(
  db: Queryable,
  event: { eventId: string; type: string; squareOrderId: string | null },
): Promise<boolean> {
  const first = await db.query(
    `INSERT INTO webhook_events (event_id, type, square_order_id, outcome) VALUES ($1, $2, $3, 'received')
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [event.eventId, event.type, event.squareOrderId],
  );
  return first.rowCount !== 0;
}

export async function recordEventOutcome(
  db: Queryable,
  eventId: string,
  outcome: PaymentEventOutcome,
): Promise<void> {
  await db.query('UPDATE webhook_events SET outcome = $2 WHERE event_id = $1', [eventId, outcome]);
}
