import type { IncomingMessage } from 'node:http';
import {
  inCanary,
  manifestOf,
  servedReleases,
  toPublicRegistry,
  type PublicRegistry,
  type Registry,
} from '@storefront/artifact-store';
import type { ModuleManifest } from '@storefront/routing/module';
import { bucketOf } from './canary-bucket';

/** The site as one shopper is served it: the live releases, and the canaries their bucket falls in. */
export interface ShopperView {
  /** The browser's view (inlined in their pages): where each release is, its routes, bindings, slots, links. */
  live: PublicRegistry;
  /** `module@version,…`: part of a kept page's key, so a deploy or a rollback changes it. */
  versions: string;
  /** Each served release's manifest, by module. */
  manifests: Readonly<Record<string, ModuleManifest>>;
  /** Cookies a module declared personal: a page for a request carrying one is that visitor's own. */
  personalCookies: ReadonlySet<string>;
}

function viewOf(registry: Registry, canaries: ReadonlySet<string>): ShopperView {
  const canaryFor = (module: string) => canaries.has(module);
  const manifests: Record<string, ModuleManifest> = {};
  for (const [module, release] of Object.entries(servedReleases(registry, canaryFor)))
    manifests[module] = manifestOf(release);
  const live = toPublicRegistry(registry, canaryFor);
  return {
    live,
    versions: Object.entries(live.modules)
      .map(([module, { version }]) => `${module}@${version}`)
      .sort()
      .join(','),
    manifests,
    personalCookies: new Set(
      Object.values(manifests).flatMap((manifest) =>
        manifest.cookies.filter((cookie) => cookie.personal).map((cookie) => cookie.name),
      ),
    ),
  };
}

/**
 * Each shopper's view of the registry, made once per registry and set of canaries (not per request):
 * a deploy, a rollback or a canary's start makes them again. Also which POST routes of which services
 * are made once per Idempotency-Key, by any release live or in a canary: what the gateway and the page
 * calls may send again after a failure.
 */
export function shopperViews(readRegistry: () => Registry) {
  let made: {
    registry: Registry;
    byCanaries: Map<string, ShopperView>;
    retrySafe: ReadonlySet<string>;
  } | null = null;
  const current = () => {
    const registry = readRegistry();
    if (made?.registry !== registry) {
      const retrySafe = new Set<string>();
      for (const [module, record] of Object.entries(registry.modules))
        for (const release of record.versions)
          if (release.version === record.live || release.version === record.canary?.version)
            for (const route of manifestOf(release).retrySafe) retrySafe.add(`${module} ${route}`);
      made = { registry, byCanaries: new Map(), retrySafe };
    }
    return made;
  };
  /** The view for a shopper in `bucket` (none: outside every canary). */
  const forBucket = (bucket: number | undefined): ShopperView => {
    const { registry, byCanaries } = current();
    const canaries = Object.keys(registry.modules).filter((module) => inCanary(registry, module, bucket));
    const key = canaries.join(',');
    let view = byCanaries.get(key);
    if (!view) {
      view = viewOf(registry, new Set(canaries));
      byCanaries.set(key, view);
    }
    return view;
  };
  return {
    forBucket,
    forRequest: (req: IncomingMessage) => forBucket(bucketOf(req)),
    /** Whether `METHOD /path` of `module`'s service makes a request at most once per Idempotency-Key. */
    isRetrySafe: (module: string, method: string, path: string) =>
      current().retrySafe.has(`${module} ${method} ${path}`),
  };
}
