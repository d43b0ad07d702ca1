import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ExposedComponent } from '@storefront/ui';
import { fetchRegistry, type PublicRegistry } from './registry';
import { RemoteUnavailableError, UNAVAILABLE } from './remote-unavailable';

let registry: Promise<PublicRegistry> | null = null;
const registeredEntries = new Map<string, string>();

function currentRegistry(fresh: boolean): Promise<PublicRegistry> {
  if (fresh || !registry) {
    registry = fetchRegistry().catch((error: unknown) => {
      registry = null; // the next attempt asks again
      throw error;
    });
  }
  return registry;
}

/**
 * Loads `remote/exposed` at run time from the version the registry says is live. A retry (`fresh`)
 * re-reads the registry and re-registers the remote, so a redeployed or recovered module is picked up
 * without reloading the page.
 */
export async function loadExposedModule<T>(
  remote: string,
  exposed: string,
  fresh = false,
): Promise<{ default: T }> {
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

  const loaded = await loadRemote<{ default?: unknown; [UNAVAILABLE]?: true }>(`${remote}/${exposed}`).catch(
    () => null,
  );
  if (
    !loaded ||
    loaded[UNAVAILABLE] ||
    (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')
  ) {
    throw new RemoteUnavailableError(remote, `its ${exposed} code could not be loaded`);
  }
  return loaded as { default: T };
}

/** A page or fragment component, for the remote regions. */
export const loadExposedComponent = (
  remote: string,
  exposed: string,
  fresh = false,
): Promise<ExposedComponent> => loadExposedModule<ExposedComponent['default']>(remote, exposed, fresh);
