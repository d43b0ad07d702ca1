import {
  EMPTY_CART,
  type AffiliateLookup,
  type CartItem,
  type ShopperCart,
} from '@storefront/commerce/checkout';
import { DomainError, isRefusal, type AccountSessions } from '@storefront/server-kit/domain';
import { cartLines } from '../store/carts-store';
import { discountOfCode } from './affiliate-discount';
import type { Caller, CheckoutLimits } from './caller';
import { priceLines, type QuoteServices } from './quote-cart';
import { publicDiscount } from './public-affiliate';

export interface CartServices extends QuoteServices {
  accounts: AccountSessions;
  limits: QuoteServices['limits'] & Pick<CheckoutLimits, 'newCarts'>;
}

const UNPRICED = 'Prices cannot be confirmed right now. Please try again shortly.';

export const quoteLinesOf = (items: readonly CartItem[]) =>
  items.map(({ productId, variant, quantity, channel }) => ({ productId, dose: variant, quantity, channel }));

/**
 * The applied affiliate code's discount, or none: a code the service no longer knows prices the cart
 * without it. Only misses count against the client's code budget; a client out of it is told so (429),
 * whatever the code, as every path that looks a code up tells it.
 */
async function appliedDiscount(
  code: string | undefined,
  { db, limits }: QuoteServices,
  caller: Caller,
): Promise<AffiliateLookup | null> {
  if (!code) return null;
  try {
    const {
      affiliateId,
      affiliateName,
      discountRate,
      code: matched,
    } = await discountOfCode(db, limits.affiliateAttempts, caller.client, code, 'misses');
    return publicDiscount({ code: matched, affiliateId, affiliateName, discountRate });
  } catch (error) {
    if (isRefusal(error) && error.refusal !== 'too-many') return null;
    throw error;
  }
}

/**
 * A cart's lines priced now, as an order of them would be, with the applied code's discount: the
 * figures the cart panel and the cart checkout show. A cart that cannot be priced (a line no longer
 * sold, too large an order, the catalog down, too many checks) still shows its lines, with why.
 */
export async function pricedCart(
  cartId: string | null,
  affiliateCode: string | undefined,
  services: QuoteServices,
  caller: Caller,
): Promise<ShopperCart> {
  const [items, affiliate] = await Promise.all([
    cartId ? cartLines(services.db, cartId) : [],
    appliedDiscount(affiliateCode, services, caller),
  ]);
  if (items.length === 0) return { ...EMPTY_CART, affiliate };
  try {
    await services.limits.quotes.charge(caller.client, 'cart price checks');
    const quote = await priceLines(quoteLinesOf(items), affiliate?.discountRate ?? 0, services, caller);
    return { items, quote, problem: null, affiliate };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const problem = isRefusal(error) ? error.detail : UNPRICED;
    return { items, quote: null, problem, affiliate };
  }
}
