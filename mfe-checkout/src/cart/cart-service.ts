import { shopperCartSchema, type ShopperCart } from '@storefront/commerce/checkout';
import type { ModuleService } from '@storefront/routing/server-module';

/**
 * The shopper's cart as the checkout service has it (their cart cookie goes with the call), priced with
 * `affiliateCode`; null when the service does not answer with one.
 */
export async function cartOf(
  service: ModuleService,
  affiliateCode: string | undefined,
): Promise<ShopperCart | null> {
  const query = affiliateCode ? `?affiliateCode=${encodeURIComponent(affiliateCode)}` : '';
  const answer = await service({ method: 'GET', path: `/cart${query}` }).catch(() => null);
  const cart = answer?.status === 200 ? shopperCartSchema.safeParse(answer.body) : null;
  return cart?.success ? cart.data : null;
}
