import type { OrderRequest, PlacedOrder } from '@storefront/commerce';
import type { Database, Queryable } from '@storefront/service-kit';
import type { PricedOrder } from '../domain/price-order';
import type { AffiliateDiscount } from './affiliates-store';

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
}

const ORDER_COLUMNS =
  'id, order_number, status, request_fingerprint, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents';

export interface StoredOrder {
  order: PlacedOrder;
  fingerprint: string;
}

function toStored(row: OrderRow): StoredOrder {
  return {
    fingerprint: row.request_fingerprint,
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
}

/**
 * Stores an order and its lines in one transaction. With an idempotency key already used, nothing is
 * written and the first order comes back instead (`created: false`), whoever got there first.
 */
export async function createOrder(
  db: Database,
  order: NewOrder,
): Promise<{ stored: StoredOrder; created: boolean }> {
  return db.transaction(async (tx) => {
    const { totals } = order.priced;
    const inserted = await tx.query<OrderRow>(
      `INSERT INTO orders (checkout, idempotency_key, request_fingerprint, customer, shipping, affiliate_id, affiliate_code,
                           discount_rate, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${ORDER_COLUMNS}`,
      [
        order.request.checkout,
        order.idempotencyKey,
        order.fingerprint,
        JSON.stringify(order.request.customer),
        order.request.checkout === 'quick' ? null : JSON.stringify(order.request.shipping),
        order.affiliate?.affiliateId ?? null,
        order.affiliate?.code ?? null,
        order.affiliate?.discountRate ?? 0,
        totals.subtotal,
        totals.discount,
        totals.shipping,
        totals.tax,
        totals.total,
      ],
    );
    const row = inserted.rows[0];
    if (!row) {
      const existing = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE idempotency_key = $1`,
        [order.idempotencyKey],
      );
      return { stored: toStored(existing.rows[0]!), created: false };
    }
    for (const [position, line] of order.priced.lines.entries()) {
      await tx.query(
        `INSERT INTO order_lines (order_id, position, channel, product_id, dose, name, sku, unit_price_cents, quantity, line_total_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          row.id,
          position,
          line.channel,
          line.productId,
          line.dose,
          line.name,
          line.sku,
          line.unitPrice,
          line.quantity,
          line.lineTotal,
        ],
      );
    }
    return { stored: toStored(row), created: true };
  });
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
