import {
  checkoutProductSchema,
  orderStatusSchema,
  placedOrderSchema,
  requestJson,
  type CheckoutProduct,
  type OrderRequestInput,
  type OrderStatus,
  type PlacedOrder,
} from '@storefront/commerce';

/** The only place this module talks to services (through the shell's /api proxy). */
export const checkoutApi = {
  product: (channel: 'storefront' | 'quick-checkout', productId: string): Promise<CheckoutProduct> =>
    requestJson(
      `/api/catalog/checkout-products/${channel}/${encodeURIComponent(productId)}`,
      checkoutProductSchema,
    ),
  placeOrder: (order: OrderRequestInput, idempotencyKey: string): Promise<PlacedOrder> =>
    requestJson('/api/checkout/orders', placedOrderSchema, {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(order),
    }),
  orderStatus: (orderId: string): Promise<OrderStatus> =>
    requestJson(`/api/checkout/orders/${encodeURIComponent(orderId)}`, orderStatusSchema),
};
