import { ApiError, apiResource, requestJson } from '@storefront/commerce/api-client';
import {
  type AffiliateLookup,
  type CartQuote,
  type CartQuoteRequest,
  type OrderRequestInput,
  type PlacedOrder,
} from '@storefront/commerce/checkout';
import { NoCheckoutUrlError } from './order/payment-messages';
import type { GenericCheckoutChannel } from '@storefront/commerce/catalog';
import { fillPath } from '@storefront/routing';
import { stores } from '@storefront/bus';
import { apiReads } from './api-reads';

const { catalog, checkout } = apiReads;

/**
 * A product as the generic checkout sells it, chosen by ?peptideId: at its own price list, or at the
 * catalogue's where a product page's Buy Now leads (?channel=catalogue).
 */
export const QUICK_CHECKOUT_PRODUCT_URL = '/api/catalog/checkout-products/:channel/:peptideId';
/** A dedicated checkout page (its settings, and its product at the storefront's prices), by its slug. */
export const DEDICATED_CHECKOUT_URL = '/api/catalog/dedicated-checkouts/:slug';

/** An order's status by the id /success carries (?session_id): the server renders the page with it. */
export const ORDER_STATUS_URL = '/api/checkout/orders/:session_id';

/**
 * A signed-in buyer's session, sent with their order so it is known as theirs (the affiliate program
 * pays no commission on an affiliate's own orders); buying needs none.
 */
function signedInBuyer(): Record<string, string> {
  const token = stores.auth.get().accessToken;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The only place this module talks to services (through the shell's /api proxy). */
export const checkoutApi = {
  quickCheckoutProduct: (peptideId: string, channel: GenericCheckoutChannel) =>
    apiResource(
      fillPath(QUICK_CHECKOUT_PRODUCT_URL, { peptideId, channel }),
      catalog[`GET /checkout-products/${channel}/:productId`],
    ),
  dedicatedCheckout: (slug: string) =>
    apiResource(fillPath(DEDICATED_CHECKOUT_URL, { slug }), catalog['GET /dedicated-checkouts/:slug']),
  /** An answer that is not a failure but has no payment page to go to is a NoCheckoutUrlError. */
  placeOrder: (order: OrderRequestInput, idempotencyKey: string): Promise<PlacedOrder> =>
    requestJson('/api/checkout/orders', checkout['POST /orders'], {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey, ...signedInBuyer() },
      body: JSON.stringify(order),
    }).catch((error: unknown) => {
      throw error instanceof ApiError ? error : new NoCheckoutUrlError();
    }),
  /** The cart priced now by the checkout service, as an order of it would be. */
  quoteCart: (cart: CartQuoteRequest, signal?: AbortSignal): Promise<CartQuote> =>
    requestJson('/api/checkout/cart/quote', checkout['POST /cart/quote'], {
      method: 'POST',
      body: JSON.stringify(cart),
      signal,
    }),
  /** The affiliate behind a code; 404 when the service knows none. */
  lookupAffiliate: (code: string): Promise<AffiliateLookup> =>
    requestJson('/api/checkout/affiliates/lookup', checkout['POST /affiliates/lookup'], {
      method: 'POST',
      body: JSON.stringify({ code }),
    }),
  /** An order's number and status, by the session id Square's redirect carries. */
  orderStatus: (sessionId: string) =>
    apiResource(fillPath(ORDER_STATUS_URL, { session_id: sessionId }), checkout['GET /orders/:orderId']),
};
