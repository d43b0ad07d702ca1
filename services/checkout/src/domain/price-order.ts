import { computeOrderTotals } from '@storefront/commerce';
import { type OrderRequest } from '@storefront/commerce/checkout';
import { type Quote, type SalesChannel } from '@storefront/commerce/catalog';
import { DomainError } from '@storefront/server-kit/domain';
import type { CatalogPricing } from '../catalog-client';
import type { PricedLine, PricedOrder } from '../order-shapes';

/**
 * The business cap on one order (infra/README.md, "Security"): beyond it an order is a matter for a person,
 * not a payment page, and every stored amount stays far inside the database's integer columns.
 */
export const ORDER_CAP = { vialsPerProduct: 1_000, totalCents: 5_000_000 } as const;

const orderTooLarge = () =>
  new DomainError(
    'refused',
    'Order Too Large',
    'Online orders are limited to 1,000 vials of one product and $50,000 in total. For a larger order, please contact us.',
  );

/** The vials of the product ordered most, whatever its doses and the lines and price lists they come on. */
function mostVialsOfOneProduct(orderLines: OrderRequest['lines']): number {
  const vials = new Map<string, number>();
  for (const { productId, quantity } of orderLines)
    vials.set(productId, (vials.get(productId) ?? 0) + quantity);
  return Math.max(0, ...vials.values());
}

/**
 * Never trust the client-supplied amount: every line is priced by the catalog from the price list of
 * the channel it was shown from (a cart may mix channels), and the totals follow spec section 9. Orders
 * and cart quotes are both priced here, so the cart shows what the order will charge.
 */
export async function priceOrder(
  orderLines: OrderRequest['lines'],
  discountRate: number,
  pricing: CatalogPricing,
  requestId?: string,
): Promise<PricedOrder> {
  if (mostVialsOfOneProduct(orderLines) > ORDER_CAP.vialsPerProduct) throw orderTooLarge();
  const channels = [...new Set(orderLines.map((line) => line.channel))];
  const quotes = new Map<SalesChannel, Quote>();
  for (const channel of channels) {
    const lines = orderLines
      .filter((line) => line.channel === channel)
      .map(({ productId, dose, quantity }) => ({ productId, dose, quantity }));
    quotes.set(channel, await pricing.quote({ channel, lines }, requestId));
  }
  const taken = new Map<SalesChannel, number>();
  const lines = orderLines.map((line): PricedLine => {
    const index = taken.get(line.channel) ?? 0;
    taken.set(line.channel, index + 1);
    const quoted = quotes.get(line.channel)!.lines[index]!;
    return { channel: line.channel, ...quoted };
  });
  const totals = computeOrderTotals(lines, discountRate);
  if (totals.total > ORDER_CAP.totalCents) throw orderTooLarge();
  return { lines, totals };
}
