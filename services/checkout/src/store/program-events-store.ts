import type { Queryable } from '@storefront/server-kit';

export type ProgramEventKind = 'link-followed' | 'order-paid' | 'order-reversed';

export interface ProgramEvent {
  id: number;
  kind: ProgramEventKind;
  body: Record<string, unknown>;
}

/** Adds an event to the outbox, in the caller's transaction. */
export async function recordProgramEvent(
  db: Queryable,
  kind: ProgramEventKind,
  body: Record<string, unknown>,
): Promise<void> {
  await db.query('INSERT INTO program_events (kind, body) VALUES ($1, $2::jsonb)', [
    kind,
    JSON.stringify(body),
  ]);
}

/**
 * The program's view of a paid order: its own money (integer cents, after the discount, before shipping
 * and tax), the code it was placed with, the link its buyer followed, and the buyer's email and account
 * (only to refuse an affiliate commission on their own orders; the program never shows them).
 */
export async function recordOrderPaid(db: Queryable, squareOrderId: string): Promise<void> {
  await db.query(
    `INSERT INTO program_events (kind, body)
     SELECT 'order-paid', jsonb_build_object(
              'orderId', id, 'orderNumber', order_number, 'paidAt', paid_at,
              'affiliateId', affiliate_id, 'code', affiliate_code,
              'referralCode', referral_code, 'referralFollowedAt', referral_followed_at,
              'referralClientKey', referral_client_key,
              'subtotalCents', subtotal_cents - discount_cents, 'email', lower(customer ->> 'email'),
              'accountId', account_id, 'placedAt', created_at, 'totalCents', total_cents)
       FROM orders WHERE square_order_id = $1`,
    [squareOrderId],
  );
}

export async function pendingProgramEvents(db: Queryable, limit: number): Promise<ProgramEvent[]> {
  const { rows } = await db.query<{ id: string; kind: ProgramEventKind; body: Record<string, unknown> }>(
    'SELECT id, kind, body FROM program_events WHERE delivered_at IS NULL ORDER BY id LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * The events this service recorded with these ids, as it recorded them: the program takes an event only
 * as checkout has it, so an event checkout never sent (or sent otherwise) changes nothing there.
 */
export async function recordedProgramEvents(db: Queryable, ids: readonly number[]): Promise<ProgramEvent[]> {
  const { rows } = await db.query<{ id: string; kind: ProgramEventKind; body: Record<string, unknown> }>(
    'SELECT id, kind, body FROM program_events WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function markProgramEventsDelivered(db: Queryable, ids: number[]): Promise<void> {
  await db.query('UPDATE program_events SET delivered_at = now() WHERE id = ANY($1::bigint[])', [ids]);
}
