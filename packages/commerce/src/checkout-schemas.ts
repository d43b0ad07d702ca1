import * as z from '@storefront/schema';
import { productLineSchema, salesChannelSchema } from './catalog-schemas';
import { NOT_PLAIN_TEXT, SINGLE_LINE } from './plain-text';

/** Which page is checking out; it decides which fields are required (spec section 5). */
export const checkoutKindSchema = z.enum(['quick', 'product', 'cart']);
export type CheckoutKind = z.infer<typeof checkoutKindSchema>;

export const COUNTRIES = ['United States', 'Canada', 'United Kingdom', 'Australia', 'Other'] as const;

/** A field of the order form: one line, trimmed, without control characters (nothing can pass for a header). */
const text = z._default(
  z.string().check(z.trim(), z.maxLength(200), z.regex(SINGLE_LINE, NOT_PLAIN_TEXT)),
  '',
);

/** A line to price: a product and dose from the channel it was shown from, so a cart may mix channels. */
export const orderLineSchema = z.extend(productLineSchema, { channel: salesChannelSchema });
const orderLinesSchema = z.array(orderLineSchema).check(z.minLength(1), z.maxLength(50));
const affiliateCodeInputSchema = z.optional(z.string().check(z.trim(), z.maxLength(64)));

/**
 * What the browser may send to place an order: products, doses, quantities, channels, a code, who and
 * where. Nothing about prices: the checkout service prices every order itself.
 */
export const orderRequestSchema = z.object({
  checkout: checkoutKindSchema,
  lines: orderLinesSchema,
  affiliateCode: affiliateCodeInputSchema,
  /**
   * The total, in cents, the page showed the shopper. When present and the order prices differently
   * (a price changed meanwhile), the order is refused rather than charged at a figure nobody saw.
   */
  expectedTotal: z.optional(z.int().check(z.minimum(0))),
  customer: z.object({ email: text, firstName: text, lastName: text, phoneNumber: text }),
  shipping: z.optional(
    z.object({
      address: text,
      city: text,
      state: text,
      zipCode: text,
      country: z._default(z.enum(COUNTRIES), 'United States'),
    }),
  ),
  agreeToTerms: z.boolean(),
  agreeToAge: z.boolean(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;
/** What a page builds and sends (defaults may be left out). */
export type OrderRequestInput = z.input<typeof orderRequestSchema>;

export interface CheckoutProblem {
  title: string;
  description: string;
}

/**
 * Spec section 5's rules with its messages: the researcher fields everywhere, the shipping address on
 * the product and cart checkouts, then both agreements. Null when the request may go ahead.
 */
export function checkoutProblem(request: OrderRequest): CheckoutProblem | null {
  const { customer, shipping } = request;
  const needsShipping = request.checkout !== 'quick';
  const researcherMissing = [
    customer.email,
    customer.firstName,
    customer.lastName,
    customer.phoneNumber,
  ].some((v) => !v);
  const shippingMissing =
    needsShipping &&
    (!shipping || [shipping.address, shipping.city, shipping.state, shipping.zipCode].some((v) => !v));
  if (researcherMissing || shippingMissing) {
    return {
      title: 'Missing Information',
      description: needsShipping
        ? 'Please fill in all required fields including shipping address.'
        : 'Please fill in all required fields.',
    };
  }
  if (!request.agreeToTerms || !request.agreeToAge) {
    return { title: 'Agreement Required', description: 'Please agree to all terms and conditions.' };
  }
  return null;
}

export const orderTotalsSchema = z.object({
  subtotal: z.int(),
  discount: z.int(),
  shipping: z.int(),
  tax: z.int(),
  total: z.int(),
});

/** What the cart asks the checkout service to price: its lines and the applied affiliate code. */
export const cartQuoteRequestSchema = z.object({
  lines: orderLinesSchema,
  affiliateCode: affiliateCodeInputSchema,
});
export type CartQuoteRequest = z.infer<typeof cartQuoteRequestSchema>;

/**
 * The checkout service's price of a cart, made by the same pricing as an order (spec section 9): each
 * line at its channel's current price, the discount, shipping, tax and total.
 */
export const cartQuoteSchema = z.object({
  lines: z.array(z.extend(orderLineSchema, { name: z.string(), unitPrice: z.int(), lineTotal: z.int() })),
  totals: z.extend(orderTotalsSchema, { discountedSubtotal: z.int() }),
  /** The rate of the affiliate code the quote applied; 0 without one. */
  discountRate: z.number(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

export const placedOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(['pending_payment', 'paid']),
  totals: orderTotalsSchema,
  /** The hosted payment page the browser is sent to. */
  url: z.url(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** What the success page may learn about an order: no personal data. */
export const orderStatusSchema = z.pick(placedOrderSchema, { orderNumber: true, status: true });
export type OrderStatus = z.infer<typeof orderStatusSchema>;
