import { routeDeclarationsSchema } from '@storefront/routing/contract';
import type { ModuleRoute, RouteDeclaration } from '@storefront/routing';
import * as z from '@storefront/schema';

/**
 * The browser's view (/registry.json, and inlined in every page): where the live version of each
 * module is and the pages it serves. The shell's browser code reads it through
 * `@storefront/artifact-store/registry`, which has no Node code.
 */
export const publicRegistrySchema = z.object({
  modules: z.record(
    z.string(),
    z.object({ version: z.string(), entry: z.string(), routes: routeDeclarationsSchema }),
  ),
});
export type PublicRegistry = z.infer<typeof publicRegistrySchema>;

export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

export function remoteEntryUrl(module: string, version: string): string {
  return `/remotes/${module}/${version}/${REMOTE_ENTRY_FILE}`;
}

/** Every page the live modules serve, each with the module that renders it. */
export function routeTable(registry: PublicRegistry): ModuleRoute[] {
  // Plain code-unit order: localeCompare would load the browser's collation data while the page starts.
  return Object.entries(registry.modules)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([remote, live]) => live.routes.map((route) => ({ ...route, remote })));
}

/** Paths a module's routes would take from another live module: a deploy refuses them. */
export function routeConflicts(
  registry: PublicRegistry,
  module: string,
  routes: readonly RouteDeclaration[],
): string[] {
  return routeTable(registry)
    .filter((taken) => taken.remote !== module && routes.some((route) => route.path === taken.path))
    .map((taken) => `${taken.path} is already served by ${taken.remote}.`);
}
