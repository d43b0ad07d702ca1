import type { PublicRegistry } from '@storefront/artifact-store/registry';
import type { RuntimeConfig } from '@storefront/bus';
import type { FormEcho, PreloadedResponses } from '@storefront/ui';

/** The id of the JSON script element every page carries its state in. */
export const PAGE_STATE_ID = 'storefront-page';

/**
 * What the page was rendered with that belongs to its visitor or its address, not to the page: the
 * server knows it from the request (cookies, query) and the browser hydrates with the same. A page
 * cached for everyone carries none of it (no seeds, the age gate as every newcomer sees it).
 */
export interface VisitorState {
  /** The age gate answered (its cookie). */
  ageVerified: boolean;
  /** The header search in the address (?q=), which filters the home grid. */
  searchQuery: string;
  /** The cart panel asked for in the address (?cart=open): how a page without scripts shows the cart. */
  cartPanelOpen: boolean;
  /**
   * What the modules know of this visitor (their visitor loaders, run for a request carrying one of
   * their personal cookies), by store name: the page is rendered, and hydrates, with these values.
   */
  seeds: Record<string, unknown>;
  /** Bindings the server saw a reason to wake (a cookie of theirs the page's scripts cannot read): `module/exposed`. */
  wake: string[];
}

/**
 * What the server hands the browser inside the page, so it starts without asking again: the runtime
 * configuration, the registry of live modules and their routes, the API answers the page was rendered
 * with, whether the HTML holds the rendered page (hydrate it) or only an empty frame (render it), what
 * it knew of the visitor, and the form it completed, if any.
 */
export interface PageState {
  config: RuntimeConfig;
  registry: PublicRegistry;
  responses: PreloadedResponses;
  rendered: boolean;
  visitor: VisitorState;
  echo: FormEcho | null;
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
