import type { OrderRequest, PlacedOrder } from '@storefront/commerce/checkout';
import type { Queryable } from '@storefront/server-kit';
import {
  ORDER_CURRENCY,
  type OrderForPayment,
  type PaymentLink,
  type PricedOrder,
  type Referral,
} from '../order-shapes';
import type { AffiliateDiscount } from '@storefront/commerce/checkout';
import { recordProgramEvent } from './program-events-store';

interface OrderRow {
  id: string;
  order_number: string;
  status: PlacedOrder['status'];
  request_fingerprint: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  payment_url: string | null;
}

const ORDER_COLUMNS =
  'id, order_number, status, request_fingerprint, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, payment_url';

export interface StoredOrder {
  order: Omit<PlacedOrder, 'url'>;
  fingerprint: string;
  /** Null until Square has given the order its hosted payment page. */
  paymentUrl: string | null;
}

function toStored(row: OrderRow): StoredOrder {
  return {
    fingerprint: row.request_fingerprint,
    paymentUrl: row.payment_url,
    order: {
      orderId: row.id,
      orderNumber: row.order_number,
      status: row.status,
      totals: {
        subtotal: row.subtotal_cents,
        discount: row.discount_cents,
        shipping: row.shipping_cents,
        tax: row.tax_cents,
        total: row.total_cents,
      },
    },
  };
}

export async function findOrderByIdempotencyKey(db: Queryable, key: string): Promise<StoredOrder | null> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE idempotency_key = $1`,
    [key],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

export interface NewOrder {
  request: OrderRequest;
  priced: PricedOrder;
  affiliate: (AffiliateDiscount & { code: string }) | null;
  idempotencyKey: string | null;
  fingerprint: string;
  /** The affiliate link the buyer last followed, reported to the program once the order is paid. */
  referral: Referral | null;
  /** The signed-in account that placed it, if the buyer was signed in. */
  accountId: string | null;
}

/**
 * Stores an order and its lines in one statement (atomic, one round trip). With an idempotency key
 * already used, nothing is written and the first order comes back instead (`created: false`), whoever
 * got there first.
 */
/**
 * Stores a new order, or finds the order its Idempotency-Key already made (a double press, a retry). An
 * order of that key that has been paid is over: its key is retired (kept, suffixed with the order's id)
 * and the same request makes a new order, a deliberate second purchase.
 */
export async function createOrder(
  db: Queryable,
  order: NewOrder,
): Promise<{ stored: StoredOrder; created: boolean }> {
  const first = await insertOrder(db, order);
  if (first) return { stored: first, created: true };
  const existing = await findOrderByIdempotencyKey(db, order.idempotencyKey!);
  if (existing && existing.order.status === 'pending_payment') return { stored: existing, created: false };
  await db.query(
    `UPDATE orders SET idempotency_key = idempotency_key || ':' || id
      WHERE idempotency_key = $1 AND status <> 'pending_payment'`,
    [order.idempotencyKey],
  );
  const next = await insertOrder(db, order);
  if (next) return { stored: next, created: true };
  // Another request of the same key stored its order in between: that one is this one.
  return { stored: (await findOrderByIdempotencyKey(db, order.idempotencyKey!))!, created: false };
}

/** Inserts the order with its lines; null when its Idempotency-Key is taken. */
async function insertOrder(db: Queryable, order: NewOrder): Promise<StoredOrder | null> {
  const { totals, lines } = order.priced;
  const inserted = await db.query<OrderRow>(
    `WITH new_order AS (
       INSERT INTO orders (checkout, idempotency_key, request_fingerprint, customer, shipping, affiliate_id, affiliate_code,
                           affiliate_name, discount_rate, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents,
                           referral_code, referral_followed_at, account_id, referral_client_key)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $23, $24, $25, $26)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${ORDER_COLUMNS}
     ), new_lines AS (
       INSERT INTO order_lines (order_id, position, channel, product_id, dose, name, sku, unit_price_cents, quantity, line_total_cents)
       SELECT new_order.id, line.position - 1, line.channel, line.product_id, line.dose, line.name, line.sku,
              line.unit_price_cents, line.quantity, line.line_total_cents
         FROM new_order,
              unnest($15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::bigint[], $21::int[], $22::bigint[])
                WITH ORDINALITY AS line(channel, product_id, dose, name, sku, unit_price_cents, quantity, line_total_cents, position)
     )
     SELECT ${ORDER_COLUMNS} FROM new_order`,
    [
      order.request.checkout,
      order.idempotencyKey,
      order.fingerprint,
      JSON.stringify(order.request.customer),
      order.request.checkout === 'quick' ? null : JSON.stringify(order.request.shipping),
      order.affiliate?.affiliateId ?? null,
      order.affiliate?.code ?? null,
      order.affiliate?.affiliateName ?? null,
      order.affiliate?.discountRate ?? 0,
      totals.subtotal,
      totals.discount,
      totals.shipping,
      totals.tax,
      totals.total,
      lines.map((line) => line.channel),
      lines.map((line) => line.productId),
      lines.map((line) => line.dose),
      lines.map((line) => line.name),
      lines.map((line) => line.sku),
      lines.map((line) => line.unitPrice),
      lines.map((line) => line.quantity),
      lines.map((line) => line.lineTotal),
      order.referral?.code ?? null,
      order.referral?.followedAt ?? null,
      order.accountId,
      order.referral?.clientKey ?? null,
    ],
  );
  const row = inserted.rows[0];
  return row ? toStored(row) : null;
}

/**
 * What the payment link of an order just stored is made from: the stored totals and number with the
 * priced lines and customer that were written with them, without reading them back.
 */
export function orderForPayment(stored: StoredOrder, order: NewOrder): OrderForPayment {
  const { request, priced, affiliate } = order;
  return {
    orderId: stored.order.orderId,
    checkout: request.checkout,
    orderNumber: stored.order.orderNumber,
    lines: priced.lines.map(({ name, dose, sku, unitPrice, quantity }) => ({
      name,
      dose,
      sku,
      unitPrice,
      quantity,
    })),
    totals: {
      discount: stored.order.totals.discount,
      shipping: stored.order.totals.shipping,
      tax: stored.order.totals.tax,
      total: stored.order.totals.total,
    },
    discountRate: affiliate?.discountRate ?? 0,
    affiliateName: affiliate?.affiliateName ?? null,
    customer: request.customer,
    shipping: request.checkout === 'quick' ? null : (request.shipping ?? null),
  };
}

/** What the success page may know: the order number and its status, nothing personal. */
export async function findOrderStatus(
  db: Queryable,
  orderId: string,
): Promise<Pick<PlacedOrder, 'orderNumber' | 'status'> | null> {
  const { rows } = await db.query<{ order_number: string; status: PlacedOrder['status'] }>(
    'SELECT order_number, status FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0] ? { orderNumber: rows[0].order_number, status: rows[0].status } : null;
}

/** Everything the payment link is made from, read back from what was stored (never from the request). */
export async function loadOrderForPayment(db: Queryable, orderId: string): Promise<OrderForPayment> {
  const { rows } = await db.query<{
    checkout: OrderForPayment['checkout'];
    order_number: string;
    customer: OrderForPayment['customer'];
    shipping: OrderForPayment['shipping'];
    discount_rate: string;
    affiliate_name: string | null;
    discount_cents: number;
    shipping_cents: number;
    tax_cents: number;
    total_cents: number;
  }>(
    `SELECT checkout, order_number, customer, shipping, discount_rate, affiliate_name,
            discount_cents, shipping_cents, tax_cents, total_cents
       FROM orders WHERE id = $1`,
    [orderId],
  );
  const order = rows[0];
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  const lines = await db.query<{
    name: string;
    dose: string;
    sku: string;
    unit_price_cents: number;
    quantity: number;
  }>(
    'SELECT name, dose, sku, unit_price_cents, quantity FROM order_lines WHERE order_id = $1 ORDER BY position',
    [orderId],
  );
  return {
    orderId,
    checkout: order.checkout,
    orderNumber: order.order_number,
    lines: lines.rows.map((line) => ({
      name: line.name,
      dose: line.dose,
      sku: line.sku,
      unitPrice: line.unit_price_cents,
      quantity: line.quantity,
    })),
    totals: {
      discount: order.discount_cents,
      shipping: order.shipping_cents,
      tax: order.tax_cents,
      total: order.total_cents,
    },
    discountRate: Number(order.discount_rate),
    affiliateName: order.affiliate_name,
    customer: order.customer,
    shipping: order.shipping,
  };
}

/**
 * Keeps the first payment link an order gets. Two racing requests for one order both reach Square with
 * the same idempotency key and get the same link back; whichever records it second changes nothing.
 */
export async function recordPaymentLink(db: Queryable, orderId: string, link: PaymentLink): Promise<string> {
  const { rows } = await db.query<{ payment_url: string }>(
    `UPDATE orders SET payment_link_id = $2, square_order_id = $3, payment_url = $4, updated_at = now()
      WHERE id = $1 AND payment_link_id IS NULL
      RETURNING payment_url`,
    [orderId, link.paymentLinkId, link.squareOrderId, link.url],
  );
  if (rows[0]) return rows[0].payment_url;
  const existing = await db.query<{ payment_url: string }>('SELECT payment_url FROM orders WHERE id = $1', [
    orderId,
  ]);
  return existing.rows[0]!.payment_url;
}

/** A completed payment as Square reported it. */
export interface CompletedPayment {
  squareOrderId: string;
  squarePaymentId: string | null;
  amountCents: number | null;
  currency: string | null;
}

export type PaymentMatch = 'paid' | 'already_paid' | 'amount_mismatch' | 'unknown_order';

/**
 * Marks the order paid, only if it awaits payment and the payment is for its full stored total in the
 * order's currency. Nothing ever moves an order back, so late or repeated events leave a paid order be.
 */
export async function markOrderPaid(db: Queryable, payment: CompletedPayment): Promise<PaymentMatch> {
  const paid = await db.query(
    `UPDATE orders SET status = 'paid', paid_at = now(), square_payment_id = $2, updated_at = now()
      WHERE square_order_id = $1 AND status = 'pending_payment' AND total_cents = $3 AND $4::text = $5::text
      RETURNING id`,
    [payment.squareOrderId, payment.squarePaymentId, payment.amountCents, payment.currency, ORDER_CURRENCY],
  );
  if (paid.rowCount) return 'paid';
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM orders WHERE square_order_id = $1',
    [payment.squareOrderId],
  );
  if (!rows[0]) return 'unknown_order';
  return rows[0].status === 'paid' ? 'already_paid' : 'amount_mismatch';
}

/** What became of a paid order whose money went back, as far as it is known (null: no such order). */
async function reversalState(db: Queryable, squareOrderId: string) {
  const { rows } = await db.query<{ status: string; reversed_at: Date | null }>(
    'SELECT status, reversed_at FROM orders WHERE square_order_id = $1',
    [squareOrderId],
  );
  if (!rows[0]) return 'unknown_order';
  return rows[0].reversed_at ? 'already_reversed' : 'not_paid';
}

/** Marks a paid order cancelled, once, with the program's event in the same transaction. */
export async function markOrderCancelled(
  db: Queryable,
  squareOrderId: string,
): Promise<'reversed' | 'already_reversed' | 'not_paid' | 'unknown_order'> {
  const reversed = await db.query<{ id: string; total_cents: string }>(
    `UPDATE orders SET reversed_at = now(), updated_at = now()
      WHERE square_order_id = $1 AND status = 'paid' AND reversed_at IS NULL
      RETURNING id, total_cents`,
    [squareOrderId],
  );
  const order = reversed.rows[0];
  if (!order) return reversalState(db, squareOrderId);
  const paidCents = Number(order.total_cents);
  await recordProgramEvent(db, 'order-reversed', {
    orderId: order.id,
    reason: 'cancelled',
    refundedCents: paidCents,
    paidCents,
  });
  return 'reversed';
}

/** A completed refund of an order's payment: Square's id for it, and how much went back. */
export interface OrderRefund {
  refundId: string;
  /** Unknown (a notice without its amount) counts as the whole payment. */
  amountCents: number | null;
}

/**
 * Records a completed refund of a paid order, once by its id, with the program's event in the same
 * transaction: how much of the payment has gone back in all, which the program takes back the same
 * share of the commission for. Refunded in full, the order is reversed.
 */
export async function recordOrderRefund(
  db: Queryable,
  squareOrderId: string,
  refund: OrderRefund,
): Promise<
  'reversed' | 'partly_refunded' | 'already_refunded' | 'already_reversed' | 'not_paid' | 'unknown_order'
> {
  const { rows } = await db.query<{ id: string; total_cents: string; refunded_cents: string }>(
    `SELECT id, total_cents, refunded_cents FROM orders
      WHERE square_order_id = $1 AND status = 'paid' AND reversed_at IS NULL FOR UPDATE`,
    [squareOrderId],
  );
  const order = rows[0];
  if (!order) return reversalState(db, squareOrderId);
  const paidCents = Number(order.total_cents);
  const left = paidCents - Number(order.refunded_cents);
  const amount = Math.min(refund.amountCents ?? left, left);
  if (amount <= 0) return 'already_refunded';
  const counted = await db.query(
    `INSERT INTO order_refunds (refund_id, order_id, amount_cents) VALUES ($1, $2, $3)
     ON CONFLICT (refund_id) DO NOTHING RETURNING refund_id`,
    [refund.refundId, order.id, amount],
  );
  if (!counted.rowCount) return 'already_refunded';
  const refundedCents = paidCents - left + amount;
  const whole = refundedCents >= paidCents;
  await db.query(
    `UPDATE orders SET refunded_cents = $2, updated_at = now(),
            reversed_at = CASE WHEN $3::boolean THEN now() ELSE reversed_at END
      WHERE id = $1`,
    [order.id, refundedCents, whole],
  );
  await recordProgramEvent(db, 'order-reversed', {
    orderId: order.id,
    reason: 'refunded',
    refundedCents,
    paidCents,
  });
  return whole ? 'reversed' : 'partly_refunded';
}
