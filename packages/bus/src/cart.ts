import type { CartAddition } from './events';
import type { CartItem, CartState } from './state';

/** Spec section 3: a line is '{productId}-{dose}'. */
export function cartLineId(productId: string, dose: string): string {
  return `${productId}-${dose}`;
}

/** Lines with the same id and variant merge; anything else is a new line at the end. */
export function addToCart(cart: CartState, addition: CartAddition): CartState {
  const id = cartLineId(addition.productId, addition.variant);
  const existing = cart.items.find((item) => item.id === id && item.variant === addition.variant);
  if (existing) {
    return {
      items: cart.items.map((item) =>
        item === existing ? { ...item, quantity: item.quantity + addition.quantity } : item,
      ),
    };
  }
  const line: CartItem = { id, ...addition };
  return { items: [...cart.items, line] };
}

/** Spec section 5: never negative; 0 removes the line; no upper limit. */
export function setCartQuantity(cart: CartState, id: string, quantity: number): CartState {
  const wanted = Math.max(0, Math.floor(quantity));
  if (wanted === 0) return removeFromCart(cart, id);
  return { items: cart.items.map((item) => (item.id === id ? { ...item, quantity: wanted } : item)) };
}

export function removeFromCart(cart: CartState, id: string): CartState {
  return { items: cart.items.filter((item) => item.id !== id) };
}
