import type { IncomingMessage } from 'node:http';
import { AFFILIATE_CODE_COOKIE, type AffiliateState } from '@storefront/bus';
import { shopperCartSchema, type ShopperCart } from '@storefront/commerce';
import { addressState } from '../app/address-state';
import { AGE_VERIFIED_COOKIE } from '../app/age-verification';
import { NEWCOMER, type VisitorState } from '../page-state';
import { cookiesOf } from './cookies';
import type { ServiceCalls } from './service-calls';

/** The checkout service's cart cookie (httpOnly: only servers read it). */
export const CART_COOKIE = 'storefront-cart';

/** What a request says of its visitor without asking anyone: cookies and address. */
export interface VisitorClues {
  ageVerified: boolean;
  cartCookie: string | undefined;
  affiliateCode: string | undefined;
  search: string;
}

export function visitorClues(req: IncomingMessage, search: string): VisitorClues {
  const cookies = cookiesOf(req);
  let affiliateCode: string | undefined;
  try {
    affiliateCode = decodeURIComponent(cookies.get(AFFILIATE_CODE_COOKIE) ?? '').trim() || undefined;
  } catch {
    affiliateCode = undefined;
  }
  return {
    ageVerified: cookies.get(AGE_VERIFIED_COOKIE) === 'true',
    cartCookie: cookies.get(CART_COOKIE),
    affiliateCode,
    search,
  };
}

/** Whether the page is this visitor's own (their cart or their code is in it), never one to share. */
export const isPersonal = (clues: VisitorClues) =>
  clues.cartCookie !== undefined || clues.affiliateCode !== undefined;

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
 * What the page is rendered with of its visitor: the age answer, the search and cart panel in the
 * address, and (for a visitor with a cart or a code) their cart and code as the checkout service has
 * them. A service that does not answer leaves the page as a newcomer would see it; the browser asks
 * again.
 */
export async function visitorOf(
  clues: VisitorClues,
  services: ServiceCalls,
  shopper: { client: string; requestId: string; cookie?: string },
  timeoutMs: number,
): Promise<VisitorState> {
  let cart: ShopperCart | null = null;
  if (isPersonal(clues)) {
    const query = clues.affiliateCode ? `?affiliateCode=${encodeURIComponent(clues.affiliateCode)}` : '';
    try {
      const answer = await services.call('checkout', {
        method: 'GET',
        path: `/cart${query}`,
        shopper,
        timeoutMs,
      });
      const parsed = answer.status === 200 ? shopperCartSchema.safeParse(answer.body) : null;
      cart = parsed?.success ? parsed.data : null;
    } catch {
      cart = null; // the checkout service is down: the browser asks again
    }
  }
  return {
    ...NEWCOMER,
    ...addressState(clues.search),
    ageVerified: clues.ageVerified,
    cart,
    affiliate: appliedAffiliate(cart),
  };
}
