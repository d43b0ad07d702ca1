/** The checkout service's cart cookie: it names the browser's cart (httpOnly: only servers read it). */
export const CART_COOKIE = 'storefront-cart';

/** Where this browser kept its cart before the checkout service kept carts: carried over once. */
export const LEGACY_CART_KEY = 'cart';

/**
 * Kept while a call to the cart is on its way: a page left before its answer (a reload the moment after
 * adding) was rendered, maybe, without the change, so the next page reads the cart again.
 */
export const CART_UNSETTLED_KEY = 'cart-unsettled';

/** The bus's cart commands, which the cart binding carries out. */
export const CART_COMMANDS = [
  'cart/add',
  'cart/set-quantity',
  'cart/remove',
  'cart/clear',
  'cart/refresh',
] as const;
export type CartCommand = (typeof CART_COMMANDS)[number];
