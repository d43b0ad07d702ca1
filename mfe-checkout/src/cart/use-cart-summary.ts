import { cartItemCount, stores, useStore } from '@storefront/bus';
import { useAppliedDiscount } from '../affiliate/use-applied-discount';
import { useCartQuote } from './use-cart-quote';

/**
 * The cart as the panel and the cart checkout show it: its lines, how many there are, and the checkout
 * service's figures for them now, with the applied affiliate code (spec section 9).
 */
export function useCartSummary() {
  const cart = useStore(stores.cart);
  const { code: affiliateCode } = useAppliedDiscount();
  const pricing = useCartQuote(cart.items, affiliateCode);
  return { items: cart.items, count: cartItemCount(cart), affiliateCode, ...pricing };
}
