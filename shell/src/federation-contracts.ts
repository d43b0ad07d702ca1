import type { ModuleBinding } from '@storefront/bus';
import type { ModuleManifest } from '@storefront/routing/module';
import { SERVER_MODULE } from '@storefront/routing/module';
import type { ServerModule } from '@storefront/routing/server-module';
import type { ExposedComponent } from '@storefront/ui';
import type { ServerPageModule } from './render/server-loader';

/**
 * What the shell expects of each module it loads from a remote, by the part its manifest gives it. The
 * shell's loaders are typed with it, and a deploy checks a remote's published federated types against
 * it (delivery/src/federated-types.ts): a module that no longer fits is refused before it goes live,
 * rather than failing in shoppers' browsers.
 */
export interface ExposedModuleContracts {
  /** A route's module: the page, and how its head is written from its data. */
  page: ServerPageModule;
  /** Any other exposed component: a fragment shown inside another page (the cart panel, the newsletter). */
  fragment: ExposedComponent;
  /** A binding the shell wakes (the cart, the session). */
  binding: { default: ModuleBinding };
  /** The module's actions, page loaders and visitor seeds, run by the shell's server. */
  server: ServerModule;
}

/** The contract a remote's exposed module is held to, by what its manifest makes of it. */
export function contractOf(exposed: string, manifest: ModuleManifest): keyof ExposedModuleContracts {
  if (exposed === SERVER_MODULE) return 'server';
  if (manifest.routes.some((route) => route.exposed === exposed)) return 'page';
  if (manifest.bindings.some((binding) => binding.exposed === exposed)) return 'binding';
  return 'fragment';
}
