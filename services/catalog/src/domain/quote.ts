import { lineTotal } from '@storefront/commerce';
import { type Quote, type QuoteRequest, type SalesChannel } from '@storefront/commerce/catalog';
import type { FieldError } from '@storefront/server-kit/domain';
import type { PriceRow } from '../store/catalog-store';

export type QuoteOutcome = { ok: true; quote: Quote } | { ok: false; errors: FieldError[] };

/**
 * Prices each requested line from the channel's price list. A product/dose the channel does not sell
 * has no price: the whole quote is refused, naming every such line, and nothing falls back to zero.
 */
export function priceQuote(
  request: QuoteRequest,
  priceOf: (channel: SalesChannel, productId: string, dose: string) => PriceRow | undefined,
): QuoteOutcome {
  const errors: FieldError[] = [];
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
