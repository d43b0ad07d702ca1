import type { SalesChannel } from '@storefront/commerce/catalog';
import type { Queryable } from '@storefront/server-kit';

/**
 * Whose orders are asked for: an account, and its email when the account service says it is confirmed.
 * An order is the account's when it was placed signed in to it, or with that confirmed email.
 */
export interface OrderOwner {
  accountId: string;
  confirmedEmail: string | null;
}

const OWNED_BY = `(account_id = $1 OR ($2::text IS NOT NULL AND lower(customer ->> 'email') = $2::text))`;
const ownerParameters = (owner: OrderOwner) => [owner.accountId, owner.confirmedEmail?.toLowerCase() ?? null];

/** An order as stored, with what its state is read from. */
export interface AccountOrderRow {
  order_number: string;
  created_at: Date;
  status: 'pending_payment' | 'paid';
  paid_at: Date | null;
  reversed_at: Date | null;
  refunded_cents: string;
  total_cents: string;
}

export interface BoughtLineRow {
  product_id: string;
  channel: SalesChannel;
  name: string;
  dose: string;
  sku: string;
  quantity: number;
  unit_price_cents: string;
  line_total_cents: string;
}

const SUMMARY_COLUMNS =
  'id, order_number, created_at, status, paid_at, reversed_at, refunded_cents, total_cents';

/** One page of the owner's orders, newest first, with each order's lines, and how many there are in all. */
export async function listAccountOrders(
  db: Queryable,
  owner: OrderOwner,
  page: { limit: number; offset: number },
): Promise<{ count: number; orders: Array<AccountOrderRow & { lines: BoughtLineRow[] }> }> {
  const [{ rows: counted }, { rows: orders }] = await Promise.all([
    db.query<{ count: string }>(
      `SELECT count(*) AS count FROM orders WHERE ${OWNED_BY}`,
      ownerParameters(owner),
    ),
    db.query<AccountOrderRow & { id: string }>(
      `SELECT ${SUMMARY_COLUMNS} FROM orders WHERE ${OWNED_BY}
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [...ownerParameters(owner), page.limit, page.offset],
    ),
  ]);
  const lines = await linesOf(
    db,
    orders.map((order) => order.id),
  );
  return {
    count: Number(counted[0]!.count),
    orders: orders.map(({ id, ...order }) => ({ ...order, lines: lines.get(id) ?? [] })),
  };
}

async function linesOf(db: Queryable, orderIds: string[]): Promise<Map<string, BoughtLineRow[]>> {
  const byOrder = new Map<string, BoughtLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const { rows } = await db.query<BoughtLineRow & { order_id: string }>(
    `SELECT order_id, product_id, channel, name, dose, sku, quantity, unit_price_cents, line_total_cents
       FROM order_lines WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, position`,
    [orderIds],
  );
  for (const { order_id, ...line } of rows) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), line]);
  return byOrder;
}

/** Everything an order's page and invoice show. */
export interface AccountOrderRecord extends AccountOrderRow {
  lines: BoughtLineRow[];
  subtotal_cents: string;
  discount_cents: string;
  shipping_cents: string;
  tax_cents: string;
  discount_rate: string;
  affiliate_code: string | null;
  customer: { email: string; firstName: string; lastName: string; phoneNumber: string };
  shipping: { address: string; city: string; state: string; zipCode: string; country: string } | null;
}

/**
 * The owner's order of that number; null when there is none, or it is someone else's (the same answer:
 * an order number says nothing about whether it exists). Numbers are short: of two of the owner's
 * orders with one number, the newer.
 */
export async function findAccountOrder(
  db: Queryable,
  owner: OrderOwner,
  orderNumber: string,
): Promise<AccountOrderRecord | null> {
  const { rows } = await db.query<Omit<AccountOrderRecord, 'lines'> & { id: string }>(
    `SELECT ${SUMMARY_COLUMNS}, subtotal_cents, discount_cents, shipping_cents, tax_cents, discount_rate,
            affiliate_code, customer, shipping
       FROM orders WHERE ${OWNED_BY} AND order_number = $3
      ORDER BY created_at DESC LIMIT 1`,
    [...ownerParameters(owner), orderNumber],
  );
  const order = rows[0];
  if (!order) return null;
  const { id, ...record } = order;
  return { ...record, lines: (await linesOf(db, [id])).get(id) ?? [] };
}
