/** The checkout service's cart cookie: it names the browser's cart (httpOnly: only servers read it). */
export const CART_COOKIE = 'storefront-cart';

/** Where this browser kept its cart before the checkout service kept carts: carried over once. */
export const LEGACY_CART_KEY = 'cart';

/**
 * This tab's cart calls that are unanswered, kept in sessionStorage: a page left before their answers
 * (a reload the moment after adding) was rendered, maybe, without them, and some were perhaps not even
 * sent (each waits for the one before). The tab's next page reads the cart again and sends those.
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
