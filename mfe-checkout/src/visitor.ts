import type { AffiliateState, CartState } from '@storefront/bus';
import { EMPTY_CART, type ShopperCart } from '@storefront/commerce/checkout';
import type { VisitorLoader } from '@storefront/routing/server-module';
import { appliedCodeOf } from './affiliate/affiliate-service';
import { cartOf } from './cart/cart-service';

const appliedAffiliate = (cart: ShopperCart | null): AffiliateState =>
  cart?.affiliate
    ? {
        status: 'applied',
        code: cart.affiliate.code,
        data: {
          affiliateId: cart.affiliate.affiliateId,
          affiliateName: cart.affiliate.affiliateName,
          discountRate: cart.affiliate.discountRate,
        },
      }
    : { status: 'none' };

/**
 * A visitor with a cart or a code: their cart and code as the checkout service has them, for the page to
 * be rendered (and hydrate) with. A service that does not answer leaves the page as a newcomer would
 * see it; the browser asks again.
 */
export const visitorSeeds: VisitorLoader = async ({ cookies, service }) => {
  const cart = await cartOf(service, appliedCodeOf(cookies));
  const seeds: { cart: CartState; affiliate: AffiliateState } = {
    cart: { ...(cart ?? EMPTY_CART), pricing: false },
    affiliate: appliedAffiliate(cart),
  };
  return seeds;
};
