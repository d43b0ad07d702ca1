import * as z from '@storefront/schema';
import { salesChannelSchema } from './catalog-schemas';
import { formatUsd } from './money';
import { orderTotalsSchema } from './checkout-schemas';

/**
 * A researcher's orders as the checkout service shows them to their account (`/account`): what they
 * bought, when, for how much, and where it stands.
 */
export const ACCOUNT_ORDER_STATES = ['awaiting_payment', 'paid', 'refunded', 'cancelled'] as const;
export const accountOrderStateSchema = z.enum(ACCOUNT_ORDER_STATES);
export type AccountOrderState = z.infer<typeof accountOrderStateSchema>;

/** An order's state in words, as its pages and its invoice say it. */
export const ORDER_STATE_WORDS: Record<AccountOrderState, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** An order number as the shop prints it (spec section 2: ORD- and eight upper-case hex digits). */
export const ORDER_NUMBER = /^ORD-[0-9A-F]{8}$/;

const boughtLineSchema = z.object({ name: z.string(), dose: z.string(), quantity: z.int() });

export const accountOrderSummarySchema = z.object({
  orderNumber: z.string(),
  placedAt: z.string(),
  state: accountOrderStateSchema,
  lines: z.array(boughtLineSchema),
  total: z.int(),
});
export type AccountOrderSummary = z.infer<typeof accountOrderSummarySchema>;

/** One page of an account's orders, newest first. */
export const accountOrdersSchema = z.object({
  orders: z.array(accountOrderSummarySchema),
  page: z.int(),
  pages: z.int(),
});
export type AccountOrders = z.infer<typeof accountOrdersSchema>;

export const accountOrderSchema = z.object({
  orderNumber: z.string(),
  placedAt: z.string(),
  state: accountOrderStateSchema,
  paidAt: z.nullable(z.string()),
  /** Cents of the payment that went back to the buyer (0 when none). */
  refunded: z.int(),
  lines: z.array(
    z.extend(boughtLineSchema, {
      productId: z.string(),
      /** The price list it was bought from (a product page's Buy Now, a dedicated checkout's). */
      channel: salesChannelSchema,
      sku: z.string(),
      unitPrice: z.int(),
      lineTotal: z.int(),
    }),
  ),
  totals: orderTotalsSchema,
  discountRate: z.number(),
  affiliateCode: z.nullable(z.string()),
  customer: z.object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
  }),
  shipping: z.nullable(
    z.object({
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      country: z.string(),
    }),
  ),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'December 7, 2026': the day an order was placed or paid, in UTC (the shop's books), so the server's
 * page, the browser's and the invoice say the same day. Written out rather than with Intl (see formatUsd).
 */
export function formatOrderDate(iso: string): string {
  const day = new Date(iso);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** 'Order again': the order whose lines go into the cart. */
export const reorderRequestSchema = z.object({ orderNumber: z.string().check(z.regex(ORDER_NUMBER)) });

/** What changed since the order, line by line: a new price, or a dose no longer sold (left out). */
export const reorderChangeSchema = z.object({
  name: z.string(),
  dose: z.string(),
  was: z.int(),
  /** Today's unit price; null when the dose is no longer sold. */
  now: z.nullable(z.int()),
});
export type ReorderChange = z.infer<typeof reorderChangeSchema>;

/** The order's lines put into the cart at today's prices: what changed, and how many lines went in. */
export const reorderAnswerSchema = z.object({
  added: z.int(),
  changes: z.array(reorderChangeSchema),
});
export type ReorderAnswer = z.infer<typeof reorderAnswerSchema>;

/** What changed, as the shopper reads it before checkout. */
export function reorderChangeWords({ name, dose, was, now }: ReorderChange): string {
  return now === null
    ? `${name} ${dose} is no longer sold and was left out.`
    : `${name} ${dose} is now ${formatUsd(now)} (was ${formatUsd(was)}).`;
}

/**
 * What an order's total is made of, as its page and its invoice list it above the total: the subtotal,
 * the discount (with the code and rate it came from) when there was one, shipping and tax.
 */
export function orderCharges(
  order: Pick<AccountOrder, 'totals' | 'affiliateCode' | 'discountRate'>,
): Array<[label: string, amount: string]> {
  const { totals } = order;
  return [
    ['Subtotal', formatUsd(totals.subtotal)],
    ...(totals.discount > 0
      ? [
          [
            `Discount (${order.affiliateCode ?? 'affiliate'}, ${Math.round(order.discountRate * 100)}%)`,
            formatUsd(-totals.discount),
          ] as [string, string],
        ]
      : []),
    ['Shipping', formatUsd(totals.shipping)],
    ['Tax', formatUsd(totals.tax)],
  ];
}
