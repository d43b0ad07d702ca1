import type { AffiliateDiscount } from '@storefront/commerce';

/** Shapes of the shared state streams. The shell owns their persistence. */

export interface CartItem {
  /** '{productId}-{dose}' */
  id: string;
  productId: string;
  name: string;
  variant: string;
  image: string;
  price: number;
  quantity: number;
  channel: string;
}

export interface CartState {
  items: CartItem[];
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
  /** The latest auth event; null before the first. */
  event?: AuthEvent | null;
}

/**
 * Where the account module's auth client keeps a signed-in session. The shell only looks whether it
 * exists: without one, the visitor is signed out and the auth client is not even downloaded.
 */
export const AUTH_SESSION_STORAGE_KEY = 'storefront-auth';

/**
 * Spec section 4: the URL parameters that carry an affiliate code, in order of precedence. The shell
 * hands an address with one of them to the checkout module's `affiliate-links`, which owns the rest.
 */
export const AFFILIATE_URL_PARAMETERS = ['ref', 'affiliate', 'aff'] as const;

/** What the checkout module's `affiliate-links` exposes: the shell calls it for each such address. */
export type FollowAffiliateLink = (location: { pathname: string; search: string }) => void;

/** What the account module's `session` exposes: the shell starts it once, with the runtime configuration. */
export type StartAuthSession = (config: RuntimeConfig) => void;

export function cartItemCount(cart: CartState): number {
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
