import type { AffiliateDiscount, ShopperCart } from '@storefront/commerce/checkout';
import { array, object, optional, string, unknown } from '@storefront/schema';

/** Shapes of the shared state streams. */

export type { CartItem } from '@storefront/commerce/checkout';

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

/** The header search travels in the address (?q=): a search is a link, and works without scripts. */
export const SEARCH_PARAMETER = 'q';

/**
 * ?cart=open shows a page with its cart panel open: where a cart form leads without scripts, and what
 * the cart button links to.
 */
export const CART_PANEL_PARAMETER = 'cart';

/** A bus event as a binding is handed it: the commands it carries out that came before it woke. */
export interface MissedEvent {
  type: string;
  payload: unknown;
  /** Its id (commandId), given where it was first kept (see keptCommandsSchema). */
  id?: string;
}

/**
 * Commands kept in the tab's storage for its next page (each is checked by its binding as it is handed),
 * each with the id it was given when first kept: a tab duplicated meanwhile copies the storage, so two
 * pages may send one command, and the id is how the service carries it out once.
 */
export const keptCommandsSchema = array(
  object({ type: string(), payload: unknown(), id: optional(string()) }),
);

/** What the shell hands a module's binding as it wakes it. */
export interface BindingContext {
  config: RuntimeConfig;
  /** The values the server rendered the page with for the module's own stores, by store name. */
  seeds: Readonly<Record<string, unknown>>;
  /** The commands it carries out that were published before it woke, in order. */
  missed: readonly MissedEvent[];
}

/** What a woken binding may ask of the shell: to be told of each address the shopper arrives at. */
export interface BindingHandle {
  navigated?(location: { pathname: string; search: string }): void;
}

/**
 * A module's binding (an exposed module named in its manifest's `bindings`): it carries out the
 * module's side of the bus in the browser (the checkout module's cart, the account module's session),
 * woken by the shell when its manifest's triggers are met.
 */
export type ModuleBinding = (context: BindingContext) => BindingHandle | void;

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
  /** The site's public origin (SITE_URL): links shared off the site are written on it. */
  siteUrl: string;
}

/**
 * A new command's id: 32 hex digits from the browser's random source (crypto.randomUUID needs a secure
 * context; getRandomValues does not).
 */
export const commandId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
