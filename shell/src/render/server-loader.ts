import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PublicRegistry } from '@storefront/artifact-store/registry';
import type { HeadBuilder } from '@storefront/routing';
import type { ExposedComponent, RemoteModuleLoader } from '@storefront/ui';

/** A page module as the server uses it: the component, and the head it may build from its data. */
export type ServerPageModule = ExposedComponent & { head?: HeadBuilder };

/** The file of a version's server container, in the artifact store. */
export type ServerEntryOf = (remote: string, version: string) => string;

/** How many versions of one module stay loaded: the live one and the one a rollback would go back to. */
const VERSIONS_KEPT = 2;

/**
 * Loads remotes' server containers through the federation runtime, with the shell's shared modules,
 * and keeps what it loaded per version: a deploy or a rollback is picked up by the next request that
 * sees the new registry, with no restart. Loads of one remote run one after another, because the
 * runtime knows one entry per remote name at a time.
 */
export function createServerModules(serverEntryOf: ServerEntryOf) {
  const loaded = new Map<string, ServerPageModule>();
  const loading = new Map<string, Promise<ServerPageModule>>();
  const queues = new Map<string, Promise<unknown>>();
  const registered = new Map<string, string>();
  const versionsSeen = new Map<string, string[]>();

  const keyOf = (remote: string, version: string, exposed: string) => `${remote}@${version}#${exposed}`;

  function forgetOldVersions(remote: string, version: string) {
    const versions = [version, ...(versionsSeen.get(remote) ?? []).filter((v) => v !== version)];
    versionsSeen.set(remote, versions.slice(0, VERSIONS_KEPT));
    for (const old of versions.slice(VERSIONS_KEPT)) {
      for (const key of loaded.keys()) if (key.startsWith(`${remote}@${old}#`)) loaded.delete(key);
    }
  }

  async function loadFromContainer(remote: string, version: string, exposed: string) {
    const entry = serverEntryOf(remote, version);
    if (registered.get(remote) !== entry) {
      registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
      registered.set(remote, entry);
    }
    const module = await loadRemote<ServerPageModule>(`${remote}/${exposed}`);
    if (!module || typeof module.default !== 'function') {
      throw new Error(`${remote} ${version} has no server-side ${exposed}`);
    }
    return module;
  }

  function load(remote: string, version: string, exposed: string): Promise<ServerPageModule> {
    const key = keyOf(remote, version, exposed);
    const done = loaded.get(key);
    if (done) return Promise.resolve(done);
    const pending = loading.get(key);
    if (pending) return pending;
    const queued = (queues.get(remote) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => loadFromContainer(remote, version, exposed));
    queues.set(remote, queued);
    loading.set(key, queued);
    queued
      .then(
        (module) => {
          loaded.set(key, module);
          forgetOldVersions(remote, version);
        },
        () => undefined,
      )
      .finally(() => loading.delete(key));
    return queued;
  }

  /** A loader for one request: the versions its registry says are live. */
  function forRegistry(registry: PublicRegistry): RemoteModuleLoader & {
    peekPage(remote: string, exposed: string): ServerPageModule | undefined;
  } {
    const versionOf = (remote: string) => {
      const live = registry.modules[remote];
      if (!live) throw new Error(`Module "${remote}" is not deployed`);
      return live.version;
    };
    const peekPage = (remote: string, exposed: string) => {
      const live = registry.modules[remote];
      return live ? loaded.get(keyOf(remote, live.version, exposed)) : undefined;
    };
    return {
      load: async (remote, exposed) => load(remote, versionOf(remote), exposed),
      peek: peekPage,
      peekPage,
    };
  }

  return { forRegistry };
}
