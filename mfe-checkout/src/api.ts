import {
  ApiError,
  affiliateLookupSchema,
  apiResource,
  cartQuoteSchema,
  checkoutProductSchema,
  dedicatedCheckoutSchema,
  orderStatusSchema,
  placedOrderSchema,
  requestJson,
  type AffiliateLookup,
  type CartQuote,
  type CartQuoteRequest,
  type OrderRequestInput,
  type OrderStatus,
  type PlacedOrder,
} from '@storefront/commerce';
import { fillPath } from '@storefront/routing';
import { NoCheckoutUrlError } from './domain/payment-messages';

/** A product as the generic checkout sells it (its own price list), chosen by ?peptideId. */
export const QUICK_CHECKOUT_PRODUCT_URL = '/api/catalog/checkout-products/quick-checkout/:peptideId';
/** A dedicated checkout page (its settings, and its product at the storefront's prices), by its slug. */
export const DEDICATED_CHECKOUT_URL = '/api/catalog/dedicated-checkouts/:slug';

/** The only place this module talks to services (through the shell's /api proxy). */
export const checkoutApi = {
  quickCheckoutProduct: (peptideId: string) =>
    apiResource(fillPath(QUICK_CHECKOUT_PRODUCT_URL, { peptideId }), checkoutProductSchema),
  dedicatedCheckout: (slug: string) =>
    apiResource(fillPath(DEDICATED_CHECKOUT_URL, { slug }), dedicatedCheckoutSchema),
  /** An answer that is not a failure but has no payment page to go to is a NoCheckoutUrlError. */
  placeOrder: (order: OrderRequestInput, idempotencyKey: string): Promise<PlacedOrder> =>
    requestJson('/api/checkout/orders', placedOrderSchema, {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(order),
    }).catch((error: unknown) => {
      throw error instanceof ApiError ? error : new NoCheckoutUrlError();
    }),
  /** The cart priced now by the checkout service, as an order of it would be. */
  quoteCart: (cart: CartQuoteRequest, signal?: AbortSignal): Promise<CartQuote> =>
    requestJson('/api/checkout/cart/quote', cartQuoteSchema, {
      method: 'POST',
      body: JSON.stringify(cart),
      signal,
    }),
  /** The affiliate behind a code; 404 when the service knows none. */
  lookupAffiliate: (code: string): Promise<AffiliateLookup> =>
    requestJson('/api/checkout/affiliates/lookup', affiliateLookupSchema, {
      method: 'POST',
      body: JSON.stringify({ code }),
    }),
  orderStatus: (orderId: string): Promise<OrderStatus> =>
    requestJson(`/api/checkout/orders/${encodeURIComponent(orderId)}`, orderStatusSchema),
};
