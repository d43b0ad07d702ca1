import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ExposedComponent, RemoteModuleLoader } from '@storefront/ui';
import { fetchRegistry, type PublicRegistry } from './registry';
import { RemoteUnavailableError, UNAVAILABLE } from './remote-unavailable';

/**
 * Loads `remote/exposed` at run time from the version the registry says is live: the registry the page
 * came with, until a retry (`fresh`) reads it again and re-registers the remote, so a redeployed or
 * recovered module is picked up without reloading the page. Loaded modules are kept, so a region that
 * needs one already loaded (the page's own, fetched before hydration) renders it at once.
 */
export function createRemoteLoader(pageRegistry: PublicRegistry) {
  let known: PublicRegistry = pageRegistry;
  const registeredEntries = new Map<string, string>();
  const loaded = new Map<string, ExposedComponent>();
  const keyOf = (remote: string, exposed: string) => `${known.modules[remote]?.entry}#${exposed}`;

  async function currentRegistry(fresh: boolean): Promise<PublicRegistry> {
    if (fresh) known = await fetchRegistry();
    return known;
  }

  async function loadModule<T>(remote: string, exposed: string, fresh = false): Promise<{ default: T }> {
    let live;
    try {
      live = (await currentRegistry(fresh)).modules[remote];
    } catch {
      throw new RemoteUnavailableError(remote, 'the module registry could not be read');
    }
    if (!live) throw new RemoteUnavailableError(remote, 'it is not deployed');

    if (fresh || registeredEntries.get(remote) !== live.entry) {
      registerRemotes([{ name: remote, entry: live.entry }], { force: registeredEntries.has(remote) });
      registeredEntries.set(remote, live.entry);
    }

    const module = await loadRemote<{ default?: unknown; [UNAVAILABLE]?: true }>(
      `${remote}/${exposed}`,
    ).catch(() => null);
    if (
      !module ||
      module[UNAVAILABLE] ||
      (typeof module.default !== 'function' && typeof module.default !== 'object')
    ) {
      throw new RemoteUnavailableError(remote, `its ${exposed} code could not be loaded`);
    }
    return module as { default: T };
  }

  const loader: RemoteModuleLoader & { loadModule: typeof loadModule } = {
    loadModule,
    async load(remote, exposed, fresh) {
      const module = await loadModule<ExposedComponent['default']>(remote, exposed, fresh);
      loaded.set(keyOf(remote, exposed), module);
      return module;
    },
    peek: (remote, exposed) => loaded.get(keyOf(remote, exposed)),
  };
  return loader;
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;
