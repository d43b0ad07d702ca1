import type { PriceEntry, Quote, QuoteRequest, SalesChannel } from './catalog-schemas';
import { lineTotal } from './order';

/** A channel's price for a product/dose, or undefined when the channel does not sell it. */
export type PriceOf = (channel: SalesChannel, productId: string, dose: string) => PriceEntry | undefined;

export type QuoteOutcome =
  { ok: true; quote: Quote } | { ok: false; errors: Array<{ field: string; message: string }> };

/** What a refused quote tells the shopper: every line its channel does not sell, in order. */
export const unpricedDetail = (errors: Array<{ message: string }>) => errors.map((e) => e.message).join(' ');

const priceKey = (channel: string, productId: string, dose: string) =>
  `${channel}\u0000${productId}\u0000${dose}`;

/** Looks prices up by channel, product and dose. */
export function indexPrices(entries: readonly PriceEntry[]): PriceOf {
  const prices = new Map(
    entries.map((entry) => [priceKey(entry.channel, entry.productId, entry.dose), entry]),
  );
  return (channel, productId, dose) => prices.get(priceKey(channel, productId, dose));
}

/**
 * Prices each requested line from the channel's price list: the catalog answering a quote and the
 * checkout pricing from its leased copy of the lists both price here, so they cannot differ. A
 * product/dose the channel does not sell has no price: the whole quote is refused, naming every such
 * line, and nothing falls back to zero.
 */
export function priceQuote(request: QuoteRequest, priceOf: PriceOf): QuoteOutcome {
  const errors: Array<{ field: string; message: string }> = [];
  const lines: Quote['lines'] = [];
  request.lines.forEach((line, index) => {
    const price = priceOf(request.channel, line.productId, line.dose);
    if (!price) {
      errors.push({
        field: `lines.${index}`,
        message: `No price for "${line.productId}" ${line.dose} in the ${request.channel} price list.`,
      });
      return;
    }
    lines.push({
      productId: line.productId,
      dose: line.dose,
      quantity: line.quantity,
      name: price.name,
      sku: price.sku,
      image: price.image,
      unitPrice: price.unitPrice,
      lineTotal: lineTotal({ unitPrice: price.unitPrice, quantity: line.quantity }),
    });
  });
  return errors.length ? { ok: false, errors } : { ok: true, quote: { channel: request.channel, lines } };
}
