import * as z from '@storefront/schema';

/**
 * The affiliate program's API contract (ADR 0018): an account's standing in the program, as the
 * affiliate service answers it to that account alone. An account that has not applied is `none`, with
 * nothing else; an application has the rest.
 */
const cents = z.int().check(z.minimum(0));
const count = cents;

/** What became of an attributed order's commission; payable once the refund window has passed. */
export const commissionStatuses = ['pending', 'payable', 'paid', 'reversed', 'none'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];

/**
 * An approved affiliate's own figures (ADR 0019): money in integer cents of the shop's one currency.
 * Their orders carry no shopper's name, email or address, only what the affiliate earns from them.
 */
export const affiliateFiguresSchema = z.object({
  clicks: count,
  orders: count,
  /** Orders per click; null before the first click. */
  conversionRate: z.nullable(z.number().check(z.minimum(0))),
  referredCents: cents,
  pendingCents: cents,
  payableCents: cents,
  paidCents: cents,
  /** The last 30 days, oldest first, by UTC day (YYYY-MM-DD). */
  days: z.array(z.object({ day: z.string(), clicks: count, orders: count })),
  /** The latest attributed orders, newest first. */
  referredOrders: z.array(
    z.object({
      paidAt: z.string(),
      orderNumber: z.string(),
      subtotalCents: cents,
      commissionCents: cents,
      status: z.enum(commissionStatuses),
    }),
  ),
});
export type AffiliateFigures = z.infer<typeof affiliateFiguresSchema>;

export const accountStandingSchema = z.object({
  status: z.enum(['none', 'applied', 'approved', 'declined']),
  name: z.optional(z.string()),
  /** Given on approval: the code shoppers type, and the end of the affiliate's /ref link. */
  code: z.optional(z.nullable(z.string())),
  /** A fraction of the subtotal after discount, before shipping and tax. */
  commissionRate: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  appliedAt: z.optional(z.string()),
  /** An approved affiliate's figures. */
  figures: z.optional(affiliateFiguresSchema),
});
export type AccountStanding = z.infer<typeof accountStandingSchema>;

/** What an account sends to apply: who they are, where they publish, how they will promote the shop. */
export interface AffiliateApplication {
  name: string;
  channel: string;
  promotion: string;
}
