import { EMPTY_CART } from '@storefront/commerce/checkout';
import { createEventBus } from './bus';
import { createStore, type Store } from './store';
import type { AffiliateState, AuthState, CartState, RuntimeConfig } from './state';

/**
 * The one bus of the page. This package is a federation singleton, so every module that imports
 * it gets this same instance.
 */
export const bus = createEventBus();

const searchQuery = createStore('');
const ageVerified = createStore(false);
const runtimeConfig = createStore<RuntimeConfig | null>(null, { sameOnServer: true });
const cart = createStore<CartState>({ ...EMPTY_CART, pricing: false });
const cartPanelOpen = createStore(false);
const affiliate = createStore<AffiliateState>({ status: 'none' });
const auth = createStore<AuthState>({ loading: true, user: null });

/**
 * The shared state, read-only: any module may read and watch it; to change it, a module publishes a
 * command on the bus (`cart/add`, `cart/set-quantity`, `affiliate/apply`, `age/verified`...) and the
 * owner carries it out.
 */
export const stores: {
  /** The header's search text; the home grid filters on it. */
  searchQuery: Store<string>;
  /** Mirrors localStorage 'ageVerified' and its cookie. */
  ageVerified: Store<boolean>;
  /** Set by the shell before it renders, from the page on the browser and from its settings on the server. */
  runtimeConfig: Store<RuntimeConfig | null>;
  /** The shopper's cart, which the checkout service keeps; the checkout module carries out the cart commands. */
  cart: Store<CartState>;
  /** Whether the cart panel is open; the shell opens it on cart/open and on every addition. */
  cartPanelOpen: Store<boolean>;
  /** The applied affiliate code, kept by the checkout module (checked with its service). */
  affiliate: Store<AffiliateState>;
  auth: Store<AuthState>;
} = { searchQuery, ageVerified, runtimeConfig, cart, cartPanelOpen, affiliate, auth };

/** The stores the shell owns and writes. Importing this anywhere else fails lint. */
export const shellOwnedStores = { searchQuery, ageVerified, runtimeConfig, cartPanelOpen };

/** The session the account module keeps. Importing this anywhere else fails lint. */
export const accountOwnedStores = { auth };

/** The cart and the affiliate code, kept by the checkout module. Importing this anywhere else fails lint. */
export const checkoutOwnedStores = { cart, affiliate };

/** A store's name, as a module's manifest and the page's seeds name it. */
export type StoreName = keyof typeof stores;

export const isStoreName = (name: string): name is StoreName => Object.hasOwn(stores, name);

const writable: Record<StoreName, { set(value: unknown): void }> = {
  searchQuery,
  ageVerified,
  runtimeConfig,
  cart,
  cartPanelOpen,
  affiliate,
  auth,
} as Record<StoreName, { set(value: unknown): void }>;

/**
 * The values a module declared for its stores while its binding sleeps (its manifest's `asleep`): set
 * by the shell on the module's behalf, so a visitor who never signed in is signed out without the
 * account module being downloaded. Names that are no store are ignored.
 */
export function seedStores(values: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(values)) if (isStoreName(name)) writable[name].set(value);
}
