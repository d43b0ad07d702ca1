import type { CartQuote, CartQuoteRequest } from '@storefront/commerce/checkout';
import type { Database } from '@storefront/server-kit/domain';
import type { CatalogPricing } from '../catalog-client';
import { discountOfCode } from './affiliate-discount';
import type { Caller, CheckoutLimits } from './caller';
import { priceOrder } from './price-order';

export interface QuoteServices {
  db: Database;
  pricing: CatalogPricing;
  limits: Pick<CheckoutLimits, 'affiliateAttempts' | 'quotes'>;
}

/**
 * Prices a cart as an order of it would be priced, now: the figures the cart panel and the cart
 * checkout show, so the hosted payment page never shows a shopper a total they have not seen.
 */
export async function quoteCart(
  request: CartQuoteRequest,
  services: QuoteServices,
  caller: Caller,
): Promise<CartQuote> {
  const { db, limits } = services;
  await limits.quotes.charge(caller.client, 'cart price checks');
  const affiliate = request.affiliateCode
    ? await discountOfCode(db, limits.affiliateAttempts, caller.client, request.affiliateCode, 'misses')
    : null;
  return priceLines(request.lines, affiliate?.discountRate ?? 0, services, caller);
}

/** Lines priced with a discount already known to apply (one a cart resolved from its applied code). */
export async function priceLines(
  lines: CartQuoteRequest['lines'],
  discountRate: number,
  { pricing }: Pick<QuoteServices, 'pricing'>,
  caller: Caller,
): Promise<CartQuote> {
  const priced = await priceOrder(lines, discountRate, pricing, caller.requestId);
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
