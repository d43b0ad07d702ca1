import { moduleManifestSchema, routeDeclarationsSchema } from '@storefront/routing/contract';
import type { ModuleRoute, RouteDeclaration } from '@storefront/routing';
import type { BindingDeclaration, LinkPlace, ShellSlot } from '@storefront/routing/module';
import * as z from '@storefront/schema';

/**
 * The browser's view (/registry.json, and inlined in every page): where the served release of each
 * module is, the pages it serves, and what the page composes from its manifest: the bindings the shell
 * wakes, the slots it fills and the links it places. The shell's browser code reads it through
 * `@storefront/artifact-store/registry`, which has no Node code.
 */
export const publicRegistrySchema = z.object({
  modules: z.record(
    z.string(),
    z.object({
      version: z.string(),
      entry: z.string(),
      routes: routeDeclarationsSchema,
      bindings: z._default(moduleManifestSchema.shape.bindings, []),
      slots: z._default(moduleManifestSchema.shape.slots, {}),
      links: z._default(moduleManifestSchema.shape.links, []),
    }),
  ),
});
export type PublicRegistry = z.infer<typeof publicRegistrySchema>;

export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

export function remoteEntryUrl(module: string, version: string): string {
  return `/remotes/${module}/${version}/${REMOTE_ENTRY_FILE}`;
}

/** The modules in plain code-unit order: localeCompare would load the browser's collation data while the page starts. */
const inOrder = (registry: PublicRegistry) =>
  Object.entries(registry.modules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Every page the live modules serve, each with the module that renders it. */
export function routeTable(registry: PublicRegistry): ModuleRoute[] {
  return inOrder(registry).flatMap(([remote, live]) => live.routes.map((route) => ({ ...route, remote })));
}

/** The fragment that fills one of the shell's slots, and its module: null when no live module fills it. */
export function slotFiller(
  registry: PublicRegistry,
  slot: ShellSlot,
): { remote: string; exposed: string } | null {
  for (const [remote, live] of inOrder(registry)) {
    const exposed = live.slots[slot];
    if (exposed) return { remote, exposed };
  }
  return null;
}

/**
 * The links the live modules place in one place of the shell's layout, in their declared order; a link
 * that posts one of its module's actions names it as a form does (`module/action`).
 */
export function linksAt(
  registry: PublicRegistry,
  place: LinkPlace,
): Array<{ href: string; label: string; action?: string }> {
  return inOrder(registry).flatMap(([remote, live]) =>
    live.links
      .filter((link) => link.place === place)
      .map(({ href, label, action }) => ({
        href,
        label,
        ...(action ? { action: `${remote}/${action}` } : {}),
      })),
  );
}

/** Every binding of the live modules, each with its module. */
export function bindingTable(registry: PublicRegistry): Array<BindingDeclaration & { remote: string }> {
  return inOrder(registry).flatMap(([remote, live]) =>
    live.bindings.map((binding) => ({ ...binding, remote })),
  );
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
