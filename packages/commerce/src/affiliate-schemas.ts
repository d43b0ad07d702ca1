import * as z from '@storefront/schema';

/** The checkout service's answer to an affiliate code lookup (spec section 3's affiliate data). */
export const affiliateLookupSchema = z.object({
  code: z.string(),
  affiliateId: z.string(),
  affiliateName: z.string(),
  discountRate: z.number().check(z.minimum(0), z.maximum(1)),
});
export type AffiliateLookup = z.infer<typeof affiliateLookupSchema>;
