import type { Queryable } from '@storefront/server-kit/domain';

/** How long after payment an order may still be refunded: its commission is payable only after. */
export const REFUND_WINDOW_DAYS = 30;

/** A commission's status as affiliates and operators read it: a pending one past the window is payable. */
export const COMMISSION_STATUS = `CASE WHEN status = 'pending' AND paid_at <= now() - make_interval(days => ${REFUND_WINDOW_DAYS})
                     THEN 'payable' ELSE status END`;

/** Counts a click once per affiliate, client and day (its day in UTC); a repeat changes nothing. */
export async function recordClick(
  db: Queryable,
  click: { affiliateId: string; clientKey: string; followedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO clicks (affiliate_id, day, client_key, followed_at)
     VALUES ($1, ($3::timestamptz AT TIME ZONE 'UTC')::date, $2, $3)
     ON CONFLICT DO NOTHING`,
    [click.affiliateId, click.clientKey, click.followedAt],
  );
}

/**
 * Whether a click of this client on this affiliate's link was counted between the day of `followedAt`
 * and the day of `until` (UTC): the referral a browser carries is of a follow the program counted.
 */
export async function clickCounted(
  db: Queryable,
  click: { affiliateId: string; clientKey: string; followedAt: Date; until: Date },
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM clicks
      WHERE affiliate_id = $1 AND client_key = $2
        AND day BETWEEN ($3::timestamptz AT TIME ZONE 'UTC')::date AND ($4::timestamptz AT TIME ZONE 'UTC')::date
      LIMIT 1`,
    [click.affiliateId, click.clientKey, click.followedAt, click.until],
  );
  return rows.length > 0;
}

export interface ReferredOrder {
  orderId: string;
  affiliateId: string;
  orderNumber: string;
  via: 'code' | 'link';
  paidAt: Date;
  subtotalCents: number;
  commissionRateBp: number;
  /** 'none' earns nothing: the affiliate's own order. */
  status: 'pending' | 'none';
}

/**
 * Records an attributed order once (a replayed event finds it), its commission computed here at the
 * rate given: integer cents, rounded half up.
 */
export async function recordReferredOrder(db: Queryable, order: ReferredOrder): Promise<void> {
  await db.query(
    `INSERT INTO referred_orders (order_id, affiliate_id, order_number, via, paid_at, subtotal_cents,
                                  commission_rate_bp, commission_cents, status)
     VALUES ($1, $2, $3, $4, $5, $6::bigint, $7::int,
             CASE WHEN $8::text = 'none' THEN 0 ELSE ($6::bigint * $7::int + 5000) / 10000 END, $8::text)
     ON CONFLICT (order_id) DO NOTHING`,
    [
      order.orderId,
      order.affiliateId,
      order.orderNumber,
      order.via,
      order.paidAt,
      order.subtotalCents,
      order.commissionRateBp,
      order.status,
    ],
  );
}

/**
 * Takes back the share of a commission that a partial refund gave back (`refundedCents` of the
 * `paidCents` the order's payment took, in all so far): the commission becomes that of the share of the
 * order kept, so the same figures told again change nothing. Only while it is not yet paid out (false:
 * an operator's); true when taken back now or before, or never earned.
 */
export async function refundReferredOrder(
  db: Queryable,
  orderId: string,
  refundedCents: number,
  paidCents: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE referred_orders
        SET refunded_cents = $2::bigint, paid_cents = $3::bigint,
            commission_cents = CASE WHEN status = 'none' THEN 0
                                    ELSE (subtotal_cents * ($3::bigint - $2::bigint) / $3::bigint
                                          * commission_rate_bp + 5000) / 10000 END
      WHERE order_id = $1 AND status IN ('pending', 'none') AND refunded_cents <= $2::bigint
      RETURNING order_id`,
    [orderId, refundedCents, paidCents],
  );
  if (rows.length) return true;
  const paidOut = await db.query("SELECT 1 FROM referred_orders WHERE order_id = $1 AND status = 'paid'", [
    orderId,
  ]);
  return paidOut.rows.length === 0;
}

/**
 * Reverses the commission of a refunded or cancelled order, once: only while it is not yet paid out
 * (a paid one is left for an operator: false). True when it was reversed now or before, or never earned.
 */
export async function reverseReferredOrder(db: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>(
    `UPDATE referred_orders SET status = CASE WHEN status = 'pending' THEN 'reversed' ELSE status END,
            reversed_at = COALESCE(reversed_at, now())
      WHERE order_id = $1 AND status <> 'paid'
      RETURNING status`,
    [orderId],
  );
  if (rows.length) return true;
  // Not reversed: either never attributed (nothing to reverse) or already paid out.
  const paidOut = await db.query('SELECT 1 FROM referred_orders WHERE order_id = $1', [orderId]);
  return paidOut.rows.length === 0;
}

/** What each affiliate is owed now: their payable commissions, for the operator's payout list. */
export async function payablesByAffiliate(
  db: Queryable,
): Promise<{ affiliateId: string; name: string; code: string; payableCents: number; orders: number }[]> {
  const { rows } = await db.query<{
    affiliate_id: string;
    name: string;
    code: string;
    payable: string;
    orders: string;
  }>(
    `SELECT o.affiliate_id, a.name, a.code, sum(o.commission_cents) AS payable, count(*) AS orders
       FROM (SELECT affiliate_id, commission_cents FROM referred_orders WHERE ${COMMISSION_STATUS} = 'payable') o
       JOIN affiliates a ON a.id = o.affiliate_id
      GROUP BY o.affiliate_id, a.name, a.code
      ORDER BY a.name, o.affiliate_id`,
  );
  return rows.map((row) => ({
    affiliateId: row.affiliate_id,
    name: row.name,
    code: row.code,
    payableCents: Number(row.payable),
    orders: Number(row.orders),
  }));
}

/**
 * Marks everything an affiliate is owed now as paid, as one payout: its amount, or null when nothing
 * is payable (a second run pays nothing twice).
 */
export async function payOut(
  db: Queryable,
  affiliateId: string,
): Promise<{ payoutId: number; amountCents: number; orders: number } | null> {
  const { rows } = await db.query<{ id: string; amount_cents: string; orders: string }>(
    `WITH owed AS (
       SELECT order_id, commission_cents FROM referred_orders
        WHERE affiliate_id = $1 AND ${COMMISSION_STATUS} = 'payable' AND commission_cents > 0
        FOR UPDATE
     ), payout AS (
       INSERT INTO payouts (affiliate_id, amount_cents)
       SELECT $1, sum(commission_cents) FROM owed HAVING count(*) > 0
       RETURNING id, amount_cents
     ), settled AS (
       UPDATE referred_orders o SET status = 'paid', payout_id = payout.id
         FROM payout, owed WHERE o.order_id = owed.order_id
       RETURNING o.order_id
     )
     SELECT payout.id, payout.amount_cents, (SELECT count(*) FROM settled) AS orders FROM payout`,
    [affiliateId],
  );
  const row = rows[0];
  return row
    ? { payoutId: Number(row.id), amountCents: Number(row.amount_cents), orders: Number(row.orders) }
    : null;
}
