import type { PublicRegistry } from '@storefront/artifact-store/registry';
import type { RuntimeConfig } from '@storefront/bus';
import type { PreloadedResponses } from '@storefront/ui';

/** The id of the JSON script element every page carries its state in. */
export const PAGE_STATE_ID = 'storefront-page';

/**
 * What the server hands the browser inside the page, so it starts without asking again: the runtime
 * configuration, the registry of live modules and their routes, the API answers the page was rendered
 * with, and whether the HTML holds the rendered page (hydrate it) or only an empty frame (render it).
 */
export interface PageState {
  config: RuntimeConfig;
  registry: PublicRegistry;
  responses: PreloadedResponses;
  rendered: boolean;
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
