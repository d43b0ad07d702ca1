import { cartItemCount, stores, useStore } from '@storefront/bus';
import { computeOrderTotals } from '@storefront/commerce';
import { useAppliedDiscount } from '../domain/use-applied-discount';

/**
 * The cart as the panel and the cart checkout show it: its items, how many there are, and the totals
 * with the applied affiliate discount (spec section 9).
 */
export function useCartSummary() {
  const cart = useStore(stores.cart);
  const { code: affiliateCode, discountRate } = useAppliedDiscount();
  const totals = computeOrderTotals(
    cart.items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
    discountRate,
  );
  return { items: cart.items, count: cartItemCount(cart), totals, affiliateCode, discountRate };
}
