import * as z from '@storefront/schema';

/**
 * The affiliate program's API contract (ADR 0018): an account's standing in the program, as the
 * affiliate service answers it to that account alone. An account that has not applied is `none`, with
 * nothing else; an application has the rest.
 */
export const accountStandingSchema = z.object({
  status: z.enum(['none', 'applied', 'approved', 'declined']),
  name: z.optional(z.string()),
  /** Given on approval: the code shoppers type, and the end of the affiliate's /ref link. */
  code: z.optional(z.nullable(z.string())),
  /** A fraction of the subtotal after discount, before shipping and tax. */
  commissionRate: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  appliedAt: z.optional(z.string()),
});
export type AccountStanding = z.infer<typeof accountStandingSchema>;

/** What an account sends to apply: who they are, where they publish, how they will promote the shop. */
export interface AffiliateApplication {
  name: string;
  channel: string;
  promotion: string;
}
