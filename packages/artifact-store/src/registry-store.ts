import type { ModuleManifest } from '@storefront/routing/module';
import type { AuditAction, AuditEntry, Registry, ServiceBuild, VersionRecord } from './records';

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
   * awaited before the view shows a registry (a shell copies its live builds first), and `publish`
   * makes it shown (through the page cache edges in front of the shells: EdgeControl.publish). The
   * file store serves one machine, whose builds are all on it and whose shell has no edge in front of
   * it: it needs neither.
   */
  live(options?: {
    prepare?(registry: Registry): Promise<void>;
    publish?(swap: () => void): Promise<void>;
  }): Promise<LiveRegistry>;
  close(): Promise<void>;
}

export interface PublishMetadata {
  packageVersion: string;
  commit: string;
  by: string;
  /** What the build declares of itself: its routes, actions, fragments, bindings and uses (none: nothing). */
  manifest?: ModuleManifest;
}

/** The halves of a release, each under its own version. */
export interface ReleaseHalves {
  ui: { version: string };
  service?: ServiceBuild;
}

/** An audit entry's who and why (`manual` unless a canary's verdict decided), and its figures. */
export interface Decision {
  by: string;
  why?: string;
  figures?: Record<string, number>;
}

function audit(
  action: AuditAction,
  version: string,
  previous: string | null,
  { by, why = 'manual', figures }: Decision,
): AuditEntry {
  return {
    action,
    version,
    previous,
    at: new Date().toISOString(),
    by,
    why,
    ...(figures ? { figures } : {}),
  };
}

/**
 * Records a release put in the build files, once (the same version again keeps its first record), with a
 * 'publish' entry in the module's audit trail.
 */
export async function recordVersion(
  store: RegistryStore,
  module: string,
  published: { version: string; contentHash: string } & Partial<ReleaseHalves>,
  metadata: PublishMetadata,
): Promise<VersionRecord> {
  const registry = await store.update((registry) => {
    const record = (registry.modules[module] ??= { live: null, canary: null, versions: [], history: [] });
    if (record.versions.some((v) => v.version === published.version)) return;
    record.versions.push({
      version: published.version,
      packageVersion: metadata.packageVersion,
      contentHash: published.contentHash,
      commit: metadata.commit,
      publishedAt: new Date().toISOString(),
      publishedBy: metadata.by,
      routes: metadata.manifest?.routes ?? [],
      ...(metadata.manifest ? { manifest: metadata.manifest } : {}),
      ...(published.ui ? { ui: published.ui } : {}),
      ...(published.service ? { service: published.service } : {}),
    });
    record.history.push(audit('publish', published.version, record.live, { by: metadata.by }));
  });
  return registry.modules[module]!.versions.find((v) => v.version === published.version)!;
}

/** Makes a recorded version live and writes who did it, and why, into the module's audit trail. */
export async function activate(
  store: RegistryStore,
  module: string,
  version: string,
  by: string,
  action: 'activate' | 'rollback' = 'activate',
  decision: Omit<Decision, 'by'> = {},
): Promise<void> {
  await store.update((registry) => {
    const record = registry.modules[module];
    if (!record?.versions.some((v) => v.version === version)) {
      throw new Error(`${module} has no published version ${version}`);
    }
    if (record.live === version) return;
    record.history.push(audit(action, version, record.live, { by, ...decision }));
    record.live = version;
    // A canary of the version made live is over; one of another version goes on beside it.
    if (record.canary?.version === version) record.canary = null;
  });
}

/** Gives a recorded version to `share` percent of shoppers beside the live one. */
export async function startCanary(
  store: RegistryStore,
  module: string,
  version: string,
  share: number,
  by: string,
): Promise<void> {
  await store.update((registry) => {
    const record = registry.modules[module];
    if (!record?.versions.some((v) => v.version === version))
      throw new Error(`${module} has no published version ${version}`);
    if (!record.live) throw new Error(`${module} has no live version to set a canary beside`);
    if (record.canary) throw new Error(`${module} already has a canary (${record.canary.version})`);
    record.canary = { version, share, startedAt: new Date().toISOString(), by };
    record.history.push(audit('canary', version, record.live, { by, why: `${share} % of shoppers` }));
  });
}

/** Ends a module's canary: made live for everyone ('promote') or taken away ('canary-rollback'). */
export async function endCanary(
  store: RegistryStore,
  module: string,
  outcome: 'promote' | 'canary-rollback',
  decision: Decision,
): Promise<void> {
  await store.update((registry) => {
    const record = registry.modules[module];
    const canary = record?.canary;
    if (!record || !canary) throw new Error(`${module} has no canary`);
    record.history.push(audit(outcome, canary.version, record.live, decision));
    if (outcome === 'promote') record.live = canary.version;
    record.canary = null;
  });
}
