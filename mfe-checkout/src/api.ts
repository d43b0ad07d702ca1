import {
  ApiError,
  apiResource,
  cartQuoteSchema,
  checkoutProductSchema,
  orderStatusSchema,
  placedOrderSchema,
  requestJson,
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
/** A product as the dedicated checkouts sell it (the storefront's price list). */
export const STOREFRONT_PRODUCT_URL = '/api/catalog/checkout-products/storefront/:productId';

/** The only place this module talks to services (through the shell's /api proxy). */
export const checkoutApi = {
  quickCheckoutProduct: (peptideId: string) =>
    apiResource(fillPath(QUICK_CHECKOUT_PRODUCT_URL, { peptideId }), checkoutProductSchema),
  storefrontProduct: (productId: string) =>
    apiResource(fillPath(STOREFRONT_PRODUCT_URL, { productId }), checkoutProductSchema),
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
  orderStatus: (orderId: string): Promise<OrderStatus> =>
    requestJson(`/api/checkout/orders/${encodeURIComponent(orderId)}`, orderStatusSchema),
};
