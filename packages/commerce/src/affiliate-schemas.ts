import * as z from '@storefront/schema';

/**
 * Spec section 3's affiliate data: who referred the shopper and the discount they give. The one
 * definition: the checkout service answers with it, the bus carries it, the browser saves it.
 */
export const affiliateDiscountSchema = z.object({
  affiliateId: z.string().check(z.minLength(1)),
  affiliateName: z.string().check(z.minLength(1)),
  discountRate: z.number().check(z.minimum(0), z.maximum(1)),
});
export type AffiliateDiscount = z.infer<typeof affiliateDiscountSchema>;

/** The checkout service's answer to an affiliate code lookup: the code as it was matched, and its data. */
export const affiliateLookupSchema = z.extend(affiliateDiscountSchema, { code: z.string() });
export type AffiliateLookup = z.infer<typeof affiliateLookupSchema>;
