import type { RouteDeclaration } from '@storefront/routing';
import type { Registry, VersionRecord } from './records';

/** The registry as it is now, answered without waiting: what a shell renders every page from. */
export interface LiveRegistry {
  current(): Registry;
  close(): Promise<void>;
}

/**
 * Where the registry of live versions is kept: a file on one machine, PostgreSQL beyond it. Every change
 * goes through `update`, which the store serializes (a lock), so two deploys at once both end recorded,
 * in order; `live` keeps a shell's view current, so a deploy or rollback is served at once.
 */
export interface RegistryStore {
  readonly kind: 'file' | 'postgres';
  read(): Promise<Registry>;
  /** Applies `change` to the latest registry under the store's lock and saves it; returns the result. */
  update(change: (registry: Registry) => void): Promise<Registry>;
  /**
   * A view of the registry that follows every change, by any process, within a second. `prepare` is
   * awaited before the view shows a registry (a shell copies its live builds first); the file store,
   * whose builds are always on this machine, does not need it.
   */
  live(options?: { prepare?(registry: Registry): Promise<void> }): Promise<LiveRegistry>;
  close(): Promise<void>;
}

export interface PublishMetadata {
  packageVersion: string;
  commit: string;
  by: string;
  /** The pages the build serves (from its declaration). */
  routes?: RouteDeclaration[];
}

/** Records a version put in the build files (once: the same version again keeps its first record). */
export async function recordVersion(
  store: RegistryStore,
  module: string,
  published: { version: string; contentHash: string },
  metadata: PublishMetadata,
): Promise<VersionRecord> {
  const registry = await store.update((registry) => {
    const record = (registry.modules[module] ??= { live: null, versions: [], history: [] });
    if (record.versions.some((v) => v.version === published.version)) return;
    record.versions.push({
      version: published.version,
      packageVersion: metadata.packageVersion,
      contentHash: published.contentHash,
      commit: metadata.commit,
      publishedAt: new Date().toISOString(),
      publishedBy: metadata.by,
      routes: metadata.routes ?? [],
    });
  });
  return registry.modules[module]!.versions.find((v) => v.version === published.version)!;
}

/** Makes a recorded version live and writes who did it into the module's audit trail. */
export async function activate(
  store: RegistryStore,
  module: string,
  version: string,
  by: string,
  action: 'activate' | 'rollback' = 'activate',
): Promise<void> {
  await store.update((registry) => {
    const record = registry.modules[module];
    if (!record?.versions.some((v) => v.version === version)) {
      throw new Error(`${module} has no published version ${version}`);
    }
    if (record.live === version) return;
    record.history.push({ action, version, previous: record.live, at: new Date().toISOString(), by });
    record.live = version;
  });
}
