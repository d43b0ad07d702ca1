import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PublicRegistry } from '@storefront/artifact-store/registry';
import type { HeadBuilder } from '@storefront/routing';
import { SERVER_MODULE } from '@storefront/routing/module';
import type { ServerModule } from '@storefront/routing/server-module';
import type { ExposedComponent, RemoteModuleLoader } from '@storefront/ui';

/** A page module as the server uses it: the component, and the head it may build from its data. */
export type ServerPageModule = ExposedComponent & { head?: HeadBuilder };

/** The file of a version's server container, in the artifact store. */
export type ServerEntryOf = (remote: string, version: string) => string;

const isComponent = (module: unknown): module is ExposedComponent =>
  typeof (module as ExposedComponent | undefined)?.default === 'function';

/** How many versions of one module stay loaded: the live one and the one a rollback would go back to. */
const VERSIONS_KEPT = 2;

/**
 * Loads remotes' server containers through the federation runtime, with the shell's shared modules,
 * and keeps what it loaded per version: a deploy or a rollback is picked up by the next request that
 * sees the new registry, with no restart. Loads of one remote run one after another, because the
 * runtime knows one entry per remote name at a time.
 */
export function createServerModules(serverEntryOf: ServerEntryOf) {
  const loaded = new Map<string, unknown>();
  const loading = new Map<string, Promise<unknown>>();
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
    const module = await loadRemote<unknown>(`${remote}/${exposed}`);
    if (!module) throw new Error(`${remote} ${version} has no server-side ${exposed}`);
    return module;
  }

  function load(remote: string, version: string, exposed: string): Promise<unknown> {
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
    /** The module's `server` module (its actions, page loaders, visitor seeds). */
    server(remote: string): Promise<ServerModule>;
  } {
    const versionOf = (remote: string) => {
      const live = registry.modules[remote];
      if (!live) throw new Error(`Module "${remote}" is not deployed`);
      return live.version;
    };
    const peekPage = (remote: string, exposed: string) => {
      const live = registry.modules[remote];
      const module = live ? loaded.get(keyOf(remote, live.version, exposed)) : undefined;
      return isComponent(module) ? (module as ServerPageModule) : undefined;
    };
    return {
      load: async (remote, exposed) => {
        const module = await load(remote, versionOf(remote), exposed);
        if (!isComponent(module)) throw new Error(`${remote}/${exposed} is not a component`);
        return module;
      },
      peek: peekPage,
      peekPage,
      server: async (remote) => (await load(remote, versionOf(remote), SERVER_MODULE)) as ServerModule,
    };
  }

  return { forRegistry };
}
