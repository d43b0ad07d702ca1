import type { CartQuote, CartQuoteRequest } from '@storefront/commerce';
import type { Database } from '@storefront/service-kit';
import type { CatalogPricing } from '../catalog-client';
import { discountOfCode } from './affiliate-discount';
import type { Caller, CheckoutLimits } from './caller';
import { priceOrder } from './price-order';

export interface QuoteServices {
  db: Database;
  pricing: CatalogPricing;
  limits: Pick<CheckoutLimits, 'affiliateAttempts'>;
}

/**
 * Prices a cart as an order of it would be priced, now: the figures the cart panel and the cart
 * checkout show, so the hosted payment page never shows a shopper a total they have not seen.
 */
export async function quoteCart(
  request: CartQuoteRequest,
  { db, pricing, limits }: QuoteServices,
  caller: Caller,
): Promise<CartQuote> {
  const affiliate = request.affiliateCode
    ? await discountOfCode(db, limits.affiliateAttempts, caller.client, request.affiliateCode, 'misses')
    : null;
  const discountRate = affiliate?.discountRate ?? 0;
  const priced = await priceOrder(request.lines, discountRate, pricing, caller.requestId);
  return {
    lines: priced.lines.map(({ channel, productId, dose, quantity, name, unitPrice, lineTotal }) => ({
      channel,
      productId,
      dose,
      quantity,
      name,
      unitPrice,
      lineTotal,
    })),
    totals: priced.totals,
    discountRate,
  };
}
