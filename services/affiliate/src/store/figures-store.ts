import type { AffiliateFigures, CommissionStatus } from '@storefront/commerce/affiliate';
import type { Queryable } from '@storefront/server-kit/domain';
import { COMMISSION_STATUS } from './program-store';

/** How many of the latest attributed orders the portal lists. */
const LISTED_ORDERS = 50;

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/** One affiliate's figures, read for that affiliate alone (every query is by their id). */
export async function figuresOf(db: Queryable, affiliateId: string): Promise<AffiliateFigures> {
  const totals = await db.query<Record<string, string | null>>(
    `SELECT (SELECT count(*) FROM clicks WHERE affiliate_id = $1) AS clicks,
            count(*) FILTER (WHERE status IN ('pending', 'paid')) AS orders,
            sum(subtotal_cents) FILTER (WHERE status IN ('pending', 'paid')) AS referred,
            sum(commission_cents) FILTER (WHERE ${COMMISSION_STATUS} = 'pending') AS pending,
            sum(commission_cents) FILTER (WHERE ${COMMISSION_STATUS} = 'payable') AS payable,
            sum(commission_cents) FILTER (WHERE status = 'paid') AS paid
       FROM referred_orders WHERE affiliate_id = $1`,
    [affiliateId],
  );
  const days = await db.query<{ day: string; clicks: string; orders: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day,
            (SELECT count(*) FROM clicks c WHERE c.affiliate_id = $1 AND c.day = d.day) AS clicks,
            (SELECT count(*) FROM referred_orders o
              WHERE o.affiliate_id = $1 AND o.status IN ('pending', 'paid')
                AND (o.paid_at AT TIME ZONE 'UTC')::date = d.day) AS orders
       FROM (SELECT ((now() AT TIME ZONE 'UTC')::date - n) AS day FROM generate_series(29, 0, -1) AS n) d
      ORDER BY day`,
    [affiliateId],
  );
  const orders = await db.query<{
    paid_at: Date | string;
    order_number: string;
    subtotal_cents: string;
    commission_cents: string;
    status: CommissionStatus;
  }>(
    `SELECT paid_at, order_number, subtotal_cents, commission_cents, ${COMMISSION_STATUS} AS status
       FROM referred_orders WHERE affiliate_id = $1 ORDER BY paid_at DESC, order_id LIMIT ${LISTED_ORDERS}`,
    [affiliateId],
  );
  const row = totals.rows[0]!;
  const clicks = toNumber(row.clicks);
  const orderCount = toNumber(row.orders);
  return {
    clicks,
    orders: orderCount,
    conversionRate: clicks === 0 ? null : orderCount / clicks,
    referredCents: toNumber(row.referred),
    pendingCents: toNumber(row.pending),
    payableCents: toNumber(row.payable),
    paidCents: toNumber(row.paid),
    days: days.rows.map((day) => ({
      day: day.day,
      clicks: toNumber(day.clicks),
      orders: toNumber(day.orders),
    })),
    referredOrders: orders.rows.map((order) => ({
      paidAt: new Date(order.paid_at).toISOString(),
      orderNumber: order.order_number,
      subtotalCents: toNumber(order.subtotal_cents),
      commissionCents: toNumber(order.commission_cents),
      status: order.status,
    })),
  };
}
