import { cartAdditionSchema } from '@storefront/commerce/checkout';
import * as z from '@storefront/schema';

/**
 * The bus contract: every event a module may publish, with the schema its payload must satisfy.
 * Its version lives in contract.json, which builds read: bump the major when an event is removed, a
 * payload narrows or another module carries an event out (2.0.0: the checkout module, no longer the
 * shell, carries out `affiliate/apply` and `affiliate/clear`; 3.0.0: the cart is the checkout
 * service's, priced, and `cart/add` names a price list it knows and a picture of this site; 4.0.0: the
 * checkout module, woken by the shell as its manifest says, carries out the cart's commands), the minor
 * when one is added or a payload gains an optional field (4.1.0: a toast's `topic`). Remotes declare the version they were built against, and a deploy refuses a
 * remote the live shell does not speak for.
 */

const empty = z.strictObject({});

export const toastSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  variant: z._default(z.enum(['default', 'success', 'destructive']), 'default'),
  /** What the toast is about: a newer toast on the same topic replaces it ('Invalid Code', then 'Applied'). */
  topic: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
});

const cartLineIdSchema = z.string().check(z.minLength(1), z.maxLength(200));

export const affiliateSourceSchema = z.enum(['cart-panel', 'checkout', 'link', 'referral']);
export type AffiliateSource = z.infer<typeof affiliateSourceSchema>;

export const busEventSchemas = {
  'toast/show': toastSchema,
  // The cart's commands: the checkout module carries them out with its service, which keeps the cart.
  'cart/add': cartAdditionSchema,
  /** Spec section 5: never negative; 0 removes the line; no upper limit. */
  'cart/set-quantity': z.object({ lineId: cartLineIdSchema, quantity: z.int().check(z.minimum(0)) }),
  'cart/remove': z.object({ lineId: cartLineIdSchema }),
  /** Emptied once an order of the cart has its payment page. */
  'cart/clear': empty,
  /** Priced again (after an order was refused because a price had changed). */
  'cart/refresh': empty,
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
  /**
   * A session with a signed-in researcher began on this page (restored or new), published by the
   * account module's session: what a module keeps per account (the cart) is taken up.
   */
  'auth/signed-in': z.object({ userId: z.string().check(z.minLength(1)) }),
} as const;

export type BusEventType = keyof typeof busEventSchemas;
/** What a publisher passes (defaults may be omitted). */
export type BusEventInput<K extends BusEventType> = z.input<(typeof busEventSchemas)[K]>;
/** What a subscriber receives (defaults filled in, validated). */
export type BusEventPayload<K extends BusEventType> = z.output<(typeof busEventSchemas)[K]>;
export type ToastMessage = z.output<typeof toastSchema>;
export type { CartAddition } from '@storefront/commerce/checkout';
