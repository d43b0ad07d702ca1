import { createHash } from 'node:crypto';
import { checkoutProblem, type OrderRequest, type PlacedOrder } from '@storefront/commerce/checkout';
import {
  DomainError,
  holdThroughOutage,
  isDatabaseUnreachable,
  type AccountSessions,
  type Database,
} from '@storefront/server-kit/domain';
import type { CatalogPricing } from '../catalog-client';
import { PaymentFailure, type PaymentGateway } from '../payments/square-gateway';
import type { OrderForPayment } from '../order-shapes';
import {
  createOrder,
  loadOrderForPayment,
  orderForPayment,
  recordPaymentLink,
  type StoredOrder,
} from '../store/orders-store';
import { discountOfCode, findCodeDiscount, invalidCode } from './affiliate-discount';
import type { Buyer, CheckoutLimits } from './caller';
import { priceOrder } from './price-order';

export interface OrderServices {
  db: Database;
  /** Who a signed-in buyer is: their orders are told to the affiliate program as theirs. */
  accounts: AccountSessions;
  pricing: CatalogPricing;
  payments: PaymentGateway;
  limits: CheckoutLimits;
  /** How long a keyed order waits out the database restarting before it fails. */
  outageHoldMs: number;
}

const keyReused = () =>
  new DomainError(
    'refused',
    'Request already used',
    'This Idempotency-Key was already used for a different order.',
  );

const pricesChanged = () =>
  new DomainError(
    'conflict',
    'Prices Changed',
    'Some prices have changed since this page was loaded. Please review the updated total and try again.',
  );

/**
 * Spec section 4's Complete Order: checked, priced by the catalog, stored, and given Square's hosted
 * payment page. The order is stored before Square is called, so a failed call leaves it
 * pending_payment; a retry with the same Idempotency-Key comes back for the same order (read back from
 * the database), and Square, keyed by the order id, cannot make a second link for it.
 */
export async function placeOrder(
  request: OrderRequest,
  idempotencyKey: string | null,
  services: OrderServices,
  buyer: Buyer,
): Promise<{ created: boolean; order: PlacedOrder }> {
  const { limits, outageHoldMs } = services;
  const problem = checkoutProblem(request);
  if (problem) throw new DomainError('malformed', problem.title, problem.description);
  // Counted once the order is one a shopper could place, so a form sent half-filled costs nothing;
  // counted here, before any re-run, so an order held through an outage is charged as one attempt.
  await limits.orders.charge(buyer.client, 'orders');
  // A code is charged only when it misses (a shopper's own code is no guess); a client out of budget is
  // refused whatever the code, so the refusal tells no codes apart.
  if (request.affiliateCode)
    await discountOfCode(
      services.db,
      limits.affiliateAttempts,
      buyer.client,
      request.affiliateCode,
      'misses',
    );
  const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const key = idempotencyKey === null ? null : keyOfClient(idempotencyKey, buyer.client);
  const place = () => priceStoreAndLink(request, { idempotencyKey: key, fingerprint }, services, buyer);
  // A keyed order may run again if the database drops its connection (a restart, a failover): a
  // second run stores it once the database is back, or finds it if the first had stored it.
  return idempotencyKey === null ? place() : holdThroughOutage(place, outageHoldMs, isDatabaseUnreachable);
}

/**
 * An Idempotency-Key as this service keeps it: the shopper's key within their client's own keys (a
 * digest of the client's address, a dot, the key as sent: the dot is never in a key, and an operator
 * still finds an order by its key). The browser makes a key from what an order is (order-fields.ts), so
 * another client sending the same details sends the same key, and must get an order of its own, never
 * the first shopper's.
 */
const keyOfClient = (idempotencyKey: string, client: string) =>
  `${createHash('sha256').update(client).digest('base64url').slice(0, 16)}.${idempotencyKey}`;

async function priceStoreAndLink(
  request: OrderRequest,
  { idempotencyKey, fingerprint }: { idempotencyKey: string | null; fingerprint: string },
  services: OrderServices,
  buyer: Buyer,
): Promise<{ created: boolean; order: PlacedOrder }> {
  const { db, pricing } = services;
  const affiliate = request.affiliateCode ? await findCodeDiscount(db, request.affiliateCode) : null;
  if (request.affiliateCode && !affiliate) throw invalidCode();
  const priced = await priceOrder(request.lines, affiliate?.discountRate ?? 0, pricing, buyer.requestId);
  if (request.expectedTotal !== undefined && request.expectedTotal !== priced.totals.total)
    throw pricesChanged();

  const accountId = await buyerAccount(services.accounts, buyer);
  const order = {
    request,
    priced,
    affiliate,
    idempotencyKey,
    fingerprint,
    referral: buyer.referral,
    accountId,
  };
  // A retry or a double submit gets the first answer back, and nothing new is created.
  const { stored, created } = await createOrder(db, order);
  if (!created && stored.fingerprint !== fingerprint) throw keyReused();
  const url = await paymentUrlOf(stored, created ? orderForPayment(stored, order) : undefined, services);
  return { created, order: { ...stored.order, url } };
}

/**
 * The signed-in buyer's account, or null: buying needs no account, so a session that has ended, or
 * accounts that cannot be reached, never stop an order; it is then simply not known as theirs.
 */
async function buyerAccount(accounts: AccountSessions, buyer: Buyer): Promise<string | null> {
  if (!buyer.accessToken) return null;
  const user = await accounts.userOf(buyer.accessToken, buyer.requestId).catch(() => null);
  return user?.id ?? null;
}

async function paymentUrlOf(
  stored: StoredOrder,
  justStored: OrderForPayment | undefined,
  { db, payments }: Pick<OrderServices, 'db' | 'payments'>,
): Promise<string> {
  if (stored.paymentUrl) return stored.paymentUrl;
  try {
    const order = justStored ?? (await loadOrderForPayment(db, stored.order.orderId));
    return await recordPaymentLink(db, stored.order.orderId, await payments.createPaymentLink(order));
  } catch (error) {
    if (!(error instanceof PaymentFailure)) throw error;
    throw new DomainError('upstream-failed', 'Payment Error', error.message);
  }
}
