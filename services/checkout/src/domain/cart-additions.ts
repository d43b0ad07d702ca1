import type { CartAddition, CartLineRequest } from '@storefront/commerce/checkout';
import type { CatalogPricing } from '../catalog-client';
import { priceOrder } from './price-order';

/**
 * The lines a page asks to add, as the catalog sells them: each product and dose must be on its price
 * list (anything else is refused, and nothing is written), and its name, picture and price are the
 * catalog's, never what a request says. The same caps as an order's apply.
 */
export async function cartAdditionsOf(
  requests: readonly CartLineRequest[],
  pricing: CatalogPricing,
  requestId: string,
): Promise<CartAddition[]> {
  const lines = requests.map(({ productId, variant, quantity, channel }) => ({
    productId,
    dose: variant,
    quantity,
    channel,
  }));
  const priced = await priceOrder(lines, 0, pricing, requestId);
  return priced.lines.map((line) => ({
    productId: line.productId,
    variant: line.dose,
    channel: line.channel,
    quantity: line.quantity,
    name: line.name,
    image: line.image,
    price: line.unitPrice,
  }));
}
