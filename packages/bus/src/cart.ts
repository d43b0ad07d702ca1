import { cartLineId, type CartAddition } from '@storefront/commerce/checkout';
import type { CartState } from './state';

/**
 * The cart as it will be once the checkout service has carried out a command: shown at once, and
 * replaced by the service's answer (with its prices) when it comes. Lines with the same id merge.
 */
export function addToCart(cart: CartState, addition: CartAddition): CartState {
  const id = cartLineId(addition.productId, addition.variant, addition.channel);
  const existing = cart.items.find((item) => item.id === id);
  const items = existing
    ? cart.items.map((item) =>
        item === existing ? { ...item, quantity: item.quantity + addition.quantity } : item,
      )
    : [...cart.items, { id, ...addition }];
  return { ...cart, items, pricing: true };
}

/** Spec section 5: never negative; 0 removes the line; no upper limit. */
export function setCartQuantity(cart: CartState, id: string, quantity: number): CartState {
  const wanted = Math.max(0, Math.floor(quantity));
  if (wanted === 0) return removeFromCart(cart, id);
  return {
    ...cart,
    items: cart.items.map((item) => (item.id === id ? { ...item, quantity: wanted } : item)),
    pricing: true,
  };
}

export function removeFromCart(cart: CartState, id: string): CartState {
  return { ...cart, items: cart.items.filter((item) => item.id !== id), pricing: true };
}
