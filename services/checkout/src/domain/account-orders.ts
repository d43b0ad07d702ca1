import type { AccountOrder, AccountOrders, AccountOrderState } from '@storefront/commerce/checkout';
import { DomainError, type AccountSessions, type Queryable } from '@storefront/server-kit/domain';
import {
  findAccountOrder,
  listAccountOrders,
  type AccountOrderRow,
  type OrderOwner,
} from '../store/account-orders-store';

export interface AccountOrderServices {
  db: Queryable;
  accounts: AccountSessions;
}

/** Who asks for their orders: the access token of their session, and the request's id for the logs. */
export interface OrdersCaller {
  accessToken: string | null;
  requestId: string;
}

export const ORDERS_PER_PAGE = 10;

const notSignedIn = () =>
  new DomainError('unauthenticated', 'Not signed in', 'Please sign in to see your orders.');

/** The account a session belongs to, and its email only once confirmed: another's email proves nothing. */
export async function ownerOf(accounts: AccountSessions, caller: OrdersCaller): Promise<OrderOwner> {
  const user = caller.accessToken ? await accounts.userOf(caller.accessToken, caller.requestId) : null;
  if (!user) throw notSignedIn();
  return { accountId: user.id, confirmedEmail: user.emailConfirmed ? user.email : null };
}

/**
 * Where an order stands, in the words its buyer reads: awaiting payment until paid; once paid, a refund
 * of any of it makes it refunded when it ended the order, and an order ended without money going back
 * (cancelled at Square) is cancelled.
 */
export function stateOf(
  order: Pick<AccountOrderRow, 'status' | 'reversed_at' | 'refunded_cents'>,
): AccountOrderState {
  if (order.status === 'pending_payment') return 'awaiting_payment';
  if (!order.reversed_at) return 'paid';
  return Number(order.refunded_cents) > 0 ? 'refunded' : 'cancelled';
}

/** One page (from 1) of the caller's orders, newest first; past the last page, an empty one. */
export async function ordersOfAccount(
  services: AccountOrderServices,
  caller: OrdersCaller,
  page: number,
): Promise<AccountOrders> {
  const owner = await ownerOf(services.accounts, caller);
  const { count, orders } = await listAccountOrders(services.db, owner, {
    limit: ORDERS_PER_PAGE,
    offset: (page - 1) * ORDERS_PER_PAGE,
  });
  return {
    page,
    pages: Math.max(1, Math.ceil(count / ORDERS_PER_PAGE)),
    orders: orders.map((order) => ({
      orderNumber: order.order_number,
      placedAt: order.created_at.toISOString(),
      state: stateOf(order),
      lines: order.lines.map(({ name, dose, quantity }) => ({ name, dose, quantity })),
      total: Number(order.total_cents),
    })),
  };
}

/** One of the caller's orders, whole; another's, or none, is the same not-found. */
export async function orderOfAccount(
  services: AccountOrderServices,
  caller: OrdersCaller,
  orderNumber: string,
): Promise<AccountOrder> {
  return orderOfOwner(services.db, await ownerOf(services.accounts, caller), orderNumber);
}

/** One order of an owner already known, whole; another's, or none, is the same not-found. */
export async function orderOfOwner(
  db: Queryable,
  owner: OrderOwner,
  orderNumber: string,
): Promise<AccountOrder> {
  const order = await findAccountOrder(db, owner, orderNumber);
  if (!order) throw new DomainError('not-found', 'Order not found', 'There is no order with that number.');
  return {
    orderNumber: order.order_number,
    placedAt: order.created_at.toISOString(),
    state: stateOf(order),
    paidAt: order.paid_at?.toISOString() ?? null,
    refunded: Number(order.refunded_cents),
    lines: order.lines.map((line) => ({
      productId: line.product_id,
      channel: line.channel,
      name: line.name,
      dose: line.dose,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: Number(line.unit_price_cents),
      lineTotal: Number(line.line_total_cents),
    })),
    totals: {
      subtotal: Number(order.subtotal_cents),
      discount: Number(order.discount_cents),
      shipping: Number(order.shipping_cents),
      tax: Number(order.tax_cents),
      total: Number(order.total_cents),
    },
    discountRate: Number(order.discount_rate),
    affiliateCode: order.affiliate_code,
    customer: order.customer,
    shipping: order.shipping,
  };
}
