import { createEventBus } from './bus';
import { createStore } from './store';
import type { AffiliateState, AuthState, CartState, RuntimeConfig } from './state';

/**
 * The one bus of the page. This package is a federation singleton, so every module that imports
 * it gets this same instance.
 */
export const bus = createEventBus();

export const stores = {
  /** The header's search text; the home grid filters on it. */
  searchQuery: createStore(''),
  /** Mirrors localStorage 'ageVerified'. */
  ageVerified: createStore(false),
  /** Set by the shell before it renders, from the page on the browser and from its settings on the server. */
  runtimeConfig: createStore<RuntimeConfig | null>(null, { sameOnServer: true }),
  cart: createStore<CartState>({ items: [] }),
  /** Whether the cart panel is open; the shell opens it on cart/open and on every addition. */
  cartPanelOpen: createStore(false),
  affiliate: createStore<AffiliateState>({ status: 'none' }),
  auth: createStore<AuthState>({ loading: true, user: null }),
};
