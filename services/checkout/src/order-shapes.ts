import type { CheckoutKind } from '@storefront/commerce/checkout';
import type { OrderTotals } from '@storefront/commerce';
import type { SalesChannel } from '@storefront/commerce/catalog';

/**
 * An order's shapes as the checkout service hands it from part to part: priced by the domain, kept by
 * the store, sent to the payment page and back. Here, below all three, so a store imports nothing above
 * it (lint holds services' stores to that).
 */

export interface PricedLine {
  channel: SalesChannel;
  productId: string;
  dose: string;
  name: string;
  sku: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: OrderTotals;
}

/** What the hosted payment page needs to know about one of our stored orders. */
export interface OrderForPayment {
  orderId: string;
  checkout: CheckoutKind;
  orderNumber: string;
  lines: { name: string; dose: string; sku: string; unitPrice: number; quantity: number }[];
  totals: Pick<OrderTotals, 'discount' | 'shipping' | 'tax' | 'total'>;
  discountRate: number;
  affiliateName: string | null;
  customer: { email: string; firstName: string; lastName: string; phoneNumber: string };
  shipping: { address: string; city: string; state: string; zipCode: string; country: string } | null;
}

/** A payment link Square made for one of our orders. */
export interface PaymentLink {
  paymentLinkId: string;
  squareOrderId: string;
  url: string;
}

/** Every order is priced and charged in US dollars; a payment in any other currency does not pay one. */
export const ORDER_CURRENCY = 'USD';

/** The affiliate link a shopper last followed (ADR 0019): its code and when. */
export interface Referral {
  code: string;
  followedAt: Date;
  /** The client that followed it, as the program counts clicks by (a digest of its address). */
  clientKey: string;
}
