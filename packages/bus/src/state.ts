import type { AffiliateDiscount, ShopperCart } from '@storefront/commerce';

/** Shapes of the shared state streams. */

export type { CartItem } from '@storefront/commerce';

/**
 * The shopper's cart as the checkout service keeps it, priced (ShopperCart), and whether a change is
 * on its way there: the lines show it at once, the figures once the service has priced it.
 */
export interface CartState extends ShopperCart {
  pricing: boolean;
}

export type AffiliateState =
  | { status: 'none' }
  | { status: 'validating'; code: string }
  | { status: 'applied'; code: string; data: AffiliateDiscount }
  | { status: 'cleared' };

export interface AuthUser {
  id: string;
  email: string;
}

/** Spec section 4's auth events, as Supabase names them. */
export type AuthEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

export interface AuthState {
  /** True until the first answer about the session. */
  loading: boolean;
  user: AuthUser | null;
  /** The signed-in session's access token, for the services that act for the shopper (their cart). */
  accessToken?: string | null;
  /** The latest auth event; null before the first. */
  event?: AuthEvent | null;
}

/**
 * Where the account module's auth client keeps a signed-in session. The shell only looks whether it
 * exists: without one, the visitor is signed out and the auth client is not even downloaded.
 */
export const AUTH_SESSION_STORAGE_KEY = 'storefront-auth';

/**
 * A session signed in without scripts (the shell's server completed the sign-in form): a short-lived
 * cookie the account module's auth client takes the session from, into its own storage, and removes.
 */
export const AUTH_SESSION_HANDOFF_COOKIE = 'storefront-auth-handoff';

/**
 * Spec section 4: the URL parameters that carry an affiliate code, in order of precedence. The shell
 * hands an address with one of them to the checkout module's `affiliate-links`, which owns the rest.
 */
export const AFFILIATE_URL_PARAMETERS = ['ref', 'affiliate', 'aff'] as const;

/** The header search travels in the address (?q=): a search is a link, and works without scripts. */
export const SEARCH_PARAMETER = 'q';

/**
 * ?cart=open shows a page with its cart panel open: where a cart form leads without scripts, and what
 * the cart button links to.
 */
export const CART_PANEL_PARAMETER = 'cart';

/**
 * The applied affiliate code as a cookie beside the spec's storage keys (affiliate_code,
 * affiliate_data), so the server prices a cart and an order sent without scripts with it too.
 */
export const AFFILIATE_CODE_COOKIE = 'affiliate_code';
export const AFFILIATE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** What the checkout module's `affiliate-links` exposes: the shell calls it for each such address. */
export type FollowAffiliateLink = (location: { pathname: string; search: string }) => void;

/** What the account module's `session` exposes: the shell starts it once, with the runtime configuration. */
export type StartAuthSession = (config: RuntimeConfig) => void;

export function cartItemCount(cart: Pick<CartState, 'items'>): number {
  return cart.items.reduce((count, item) => count + item.quantity, 0);
}

/** What the shell's server tells the browser at run time (never baked into a build). */
export interface RuntimeConfig {
  shopName: string;
  contactEmail: string;
  contactPhone: string;
  authUrl: string;
  authAnonKey: string;
}
