import * as z from '@storefront/schema';
import { salesChannelSchema, type SalesChannel } from './catalog-schemas';
import { affiliateLookupSchema } from './affiliate-schemas';
import { cartQuoteSchema } from './checkout-schemas';

/** The storefront's own price list: the home grid and the dedicated checkouts (spec section 9). */
const STOREFRONT_CHANNEL: SalesChannel = 'storefront';

/**
 * Spec section 3: a line is '{productId}-{dose}', and lines with the same id merge. The same product
 * and dose added from another price list (the catalogue's BPC-157 is $79.99, the home grid's $85) is a
 * line of its own at that list's price, its id naming the list, so the cart's figures never depend on
 * which was added first.
 */
export function cartLineId(productId: string, dose: string, channel: string = STOREFRONT_CHANNEL): string {
  const id = `${productId}-${dose}`;
  return channel === STOREFRONT_CHANNEL ? id : `${id}-${channel}`;
}

/**
 * Which price list a line is priced from, as the shopper saw it: said beside lines of the same product
 * and dose added from different pages, which stay apart, each at its own list's price.
 */
export const PRICE_LIST_NAMES: Record<SalesChannel, string> = {
  storefront: 'Home page price',
  catalogue: 'Catalogue price',
  'quick-checkout': 'Checkout price',
};

/** A path of this site (a product picture): nothing else is ever shown as a line's image. */
const sitePath = z.string().check(z.maxLength(300), z.regex(/^(\/[A-Za-z0-9._~%-]+)*\/?$/));

/** Most vials of one line: what the catalog prices on one line of a quote. */
export const CART_QUANTITY_LIMIT = 10_000;
/** Said to a shopper who asks for more on one line, where the catalog's limit refuses it. */
export const CART_QUANTITY_LIMIT_MESSAGE =
  'One cart line holds at most 10,000 vials. For more, please ask us for a bulk order.';
const atMostTheLimit = z.maximum(CART_QUANTITY_LIMIT, CART_QUANTITY_LIMIT_MESSAGE);
const lineQuantity = z.int().check(z.minimum(1), atMostTheLimit);

/**
 * What a page asks the checkout service to add to the cart: a product and dose from a price list, and
 * how many. The service takes the line's name, picture and price from the catalog's price list, and
 * refuses what that list does not sell.
 */
export const cartLineRequestSchema = z.object({
  productId: z.string().check(z.minLength(1), z.maxLength(80)),
  variant: z.string().check(z.minLength(1), z.maxLength(20)),
  quantity: lineQuantity,
  channel: salesChannelSchema,
});
export type CartLineRequest = z.output<typeof cartLineRequestSchema>;

/**
 * What a page adds to the cart (the bus's `cart/add`): the line, and the name, picture and unit price
 * in cents the shopper saw, shown at once while the checkout service adds it. The service keeps its
 * own name, picture and price; the price seen only tells a shopper a price has changed since.
 */
export const cartAdditionSchema = z.extend(cartLineRequestSchema, {
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  image: sitePath,
  price: z.int().check(z.minimum(0), z.maximum(100_000_000)),
});
export type CartAddition = z.output<typeof cartAdditionSchema>;

export const cartItemSchema = z.extend(cartAdditionSchema, { id: z.string() });
export type CartItem = z.output<typeof cartItemSchema>;

/** Most lines a cart (and an order of it) holds. */
export const CART_LINE_LIMIT = 50;

/**
 * A shopper's cart as the checkout service keeps it: its lines, priced now (the quote an order of it
 * would be charged), or why it could not be priced; and the applied affiliate code it was priced with,
 * as the service knows it (null: none, or one it no longer knows).
 */
export const shopperCartSchema = z.object({
  items: z.array(cartItemSchema).check(z.maxLength(CART_LINE_LIMIT)),
  quote: z.nullable(cartQuoteSchema),
  problem: z.nullable(z.string()),
  affiliate: z.nullable(affiliateLookupSchema),
});
export type ShopperCart = z.output<typeof shopperCartSchema>;

export const EMPTY_CART: ShopperCart = { items: [], quote: null, problem: null, affiliate: null };

export const cartQuantitySchema = z.object({
  /** Spec section 5: never negative; 0 removes the line; the catalog's limit of one line above. */
  quantity: z.int().check(z.minimum(0), atMostTheLimit),
});

/**
 * An addition as the cart binding sends it: the line, and the id the binding gave the addition, so an
 * addition sent twice (a tab duplicated, or restored from the back-forward cache, as it was being sent)
 * is added once.
 */
export const cartAdditionRequestSchema = z.extend(cartLineRequestSchema, {
  additionId: z.optional(z.string().check(z.regex(/^[0-9a-f]{32}$/))),
});

/** A cart kept in the browser before carts lived in the checkout service, carried over once. */
export const cartImportSchema = z.object({
  items: z.array(cartLineRequestSchema).check(z.maxLength(CART_LINE_LIMIT)),
});

/** The checkout service's cart, on the shell's origin. */
export const CART_URL = '/api/checkout/cart';
