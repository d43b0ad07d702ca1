import { manifestOf, type Registry } from '@storefront/artifact-store';
import type { ModuleManifest } from '@storefront/routing/module';

/** What a module offers others, as `<module>/<name>` (routes as `<module> <path>`). */
function offers(module: string, manifest: ModuleManifest) {
  return {
    fragments: new Set(manifest.fragments.map((name) => `${module}/${name}`)),
    actions: new Set(Object.keys(manifest.actions).map((name) => `${module}/${name}`)),
    routes: new Set(manifest.routes.map((route) => `${module} ${route.path}`)),
  };
}

const KINDS = { fragments: 'fragment', actions: 'action', routes: 'route' } as const;

/** The module a `uses` entry names: before its '/' (a fragment, an action) or its ' ' (a route). */
const ownerOf = (used: string) => used.split(/[/ ]/, 1)[0]!;

/**
 * Why a release of `module` with `manifest` cannot go live beside the live releases of the others, one
 * sentence each (empty when it can): it may not take away a fragment, an action or a route another live
 * module uses, and it may not use one that no live module (nor itself) offers.
 */
export function moduleContractProblems(
  registry: Registry,
  module: string,
  manifest: ModuleManifest,
): string[] {
  const live = new Map<string, ModuleManifest>();
  for (const [name, record] of Object.entries(registry.modules)) {
    const release = record.versions.find((v) => v.version === record.live);
    if (release && name !== module) live.set(name, manifestOf(release));
  }
  live.set(module, manifest);
  const offered = new Map([...live].map(([name, m]) => [name, offers(name, m)]));
  const problems: string[] = [];
  for (const [user, uses] of [...live].map(([name, m]) => [name, m.uses] as const)) {
    for (const kind of Object.keys(KINDS) as Array<keyof typeof KINDS>) {
      for (const used of uses[kind]) {
        const owner = ownerOf(used);
        // Only what this release changes is judged: its own uses, and others' uses of it.
        if (user !== module && owner !== module) continue;
        if (offered.get(owner)?.[kind].has(used)) continue;
        problems.push(
          user === module
            ? `${module} uses the ${KINDS[kind]} ${used}, which no live module offers.`
            : `${user} uses the ${KINDS[kind]} ${used}, which this release of ${module} no longer offers.`,
        );
      }
    }
  }
  return problems;
}
