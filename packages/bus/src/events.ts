import * as z from '@storefront/schema';

/**
 * The bus contract: every event a module may publish, with the schema its payload must satisfy.
 * Its version lives in contract.json, which builds read: bump the major when an event is removed, a
 * payload narrows or another module carries an event out (2.0.0: the checkout module, no longer the
 * shell, carries out `affiliate/apply` and `affiliate/clear`), the minor when one is added. Remotes
 * declare the version they were built against, and a deploy refuses a remote the live shell does not
 * speak for.
 */

const empty = z.strictObject({});

export const toastSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  variant: z._default(z.enum(['default', 'success', 'destructive']), 'default'),
});

export const cartAdditionSchema = z.object({
  productId: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  variant: z.string().check(z.minLength(1)),
  image: z.string(),
  /**
   * Unit price in cents, as shown on the page it was added from. Never charged or totalled: the checkout
   * service prices the cart; this says whether a line's price changed since the shopper chose it.
   */
  price: z.int().check(z.minimum(0)),
  quantity: z.int().check(z.minimum(1)),
  /** The sales channel whose price list the line was shown from. */
  channel: z.string().check(z.minLength(1)),
});

const cartLineIdSchema = z.string().check(z.minLength(1), z.maxLength(200));

export const affiliateSourceSchema = z.enum(['cart-panel', 'checkout', 'link', 'referral']);
export type AffiliateSource = z.infer<typeof affiliateSourceSchema>;

export const busEventSchemas = {
  'toast/show': toastSchema,
  // The cart's commands: the shell, which keeps the cart, carries them out; no module writes it.
  'cart/add': cartAdditionSchema,
  /** Spec section 5: never negative; 0 removes the line; no upper limit. */
  'cart/set-quantity': z.object({ lineId: cartLineIdSchema, quantity: z.int().check(z.minimum(0)) }),
  'cart/remove': z.object({ lineId: cartLineIdSchema }),
  /** Emptied once an order of the cart has its payment page. */
  'cart/clear': empty,
  'cart/open': empty,
  'cart/close': empty,
  /** The visitor confirmed they are 21 or over, on the age gate or a product page's prompt. */
  'age/verified': empty,
  'affiliate/apply': z.object({
    code: z.string(),
    /** Where the code came from; it decides which of the spec's messages the shopper sees. */
    source: z._default(affiliateSourceSchema, 'cart-panel'),
  }),
  'affiliate/clear': empty,
  /** The header's Sign Out; the account module's session handles it. */
  'auth/sign-out': empty,
} as const;

export type BusEventType = keyof typeof busEventSchemas;
/** What a publisher passes (defaults may be omitted). */
export type BusEventInput<K extends BusEventType> = z.input<(typeof busEventSchemas)[K]>;
/** What a subscriber receives (defaults filled in, validated). */
export type BusEventPayload<K extends BusEventType> = z.output<(typeof busEventSchemas)[K]>;
export type ToastMessage = z.output<typeof toastSchema>;
export type CartAddition = z.output<typeof cartAdditionSchema>;
