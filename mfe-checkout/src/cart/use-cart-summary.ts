import { cartItemCount, stores, useStore, type CartItem } from '@storefront/bus';
import { useAppliedDiscount } from '../affiliate/use-applied-discount';

/** The lines an order of the cart is for: products, doses, quantities and price lists (never prices). */
export const orderLinesOf = (items: readonly CartItem[]) =>
  items.map((item) => ({
    productId: item.productId,
    dose: item.variant,
    quantity: item.quantity,
    channel: item.channel,
  }));

/**
 * The cart as the panel and the cart checkout show it: its lines, how many there are, the checkout
 * service's figures for them now with the applied affiliate code (spec section 9), whether a change is
 * being priced, and why it could not be priced, if so.
 */
export function useCartSummary() {
  const cart = useStore(stores.cart);
  const { code: affiliateCode } = useAppliedDiscount();
  return {
    items: cart.items,
    count: cartItemCount(cart),
    affiliateCode,
    quote: cart.quote,
    pricing: cart.pricing,
    problem: cart.problem,
  };
}
