/** The checkout service's cart cookie: it names the browser's cart (httpOnly: only servers read it). */
export const CART_COOKIE = 'storefront-cart';

/** Where this browser kept its cart before the checkout service kept carts: carried over once. */
export const LEGACY_CART_KEY = 'cart';

/** The bus's cart commands, which the cart binding carries out. */
export const CART_COMMANDS = [
  'cart/add',
  'cart/set-quantity',
  'cart/remove',
  'cart/clear',
  'cart/refresh',
] as const;
export type CartCommand = (typeof CART_COMMANDS)[number];
