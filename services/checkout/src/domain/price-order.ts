import {
  computeOrderTotals,
  type OrderRequest,
  type OrderTotals,
  type Quote,
  type SalesChannel,
} from '@storefront/commerce';
import type { CatalogPricing } from '../catalog-client';

export interface PricedLine {
  channel: SalesChannel;
  productId: string;
  dose: string;
  name: string;
  sku: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: OrderTotals;
}

/**
 * Never trust the client-supplied amount: every line is priced by the catalog from the price list of
 * the channel it was shown from (a cart may mix channels), and the totals follow spec section 9.
 */
export async function priceOrder(
  request: OrderRequest,
  discountRate: number,
  pricing: CatalogPricing,
  requestId?: string,
): Promise<PricedOrder> {
  const channels = [...new Set(request.lines.map((line) => line.channel))];
  const quotes = new Map<SalesChannel, Quote>();
  for (const channel of channels) {
    const lines = request.lines
      .filter((line) => line.channel === channel)
      .map(({ productId, dose, quantity }) => ({ productId, dose, quantity }));
    quotes.set(channel, await pricing.quote({ channel, lines }, requestId));
  }
  const taken = new Map<SalesChannel, number>();
  const lines = request.lines.map((line): PricedLine => {
    const index = taken.get(line.channel) ?? 0;
    taken.set(line.channel, index + 1);
    const quoted = quotes.get(line.channel)!.lines[index]!;
    return { channel: line.channel, ...quoted };
  });
  return { lines, totals: computeOrderTotals(lines, discountRate) };
}
