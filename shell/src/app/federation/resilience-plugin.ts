import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportModuleError } from '../module-errors';
import { UNAVAILABLE } from './remote-unavailable';

/** A remote entry that fails to load is tried again this many times, waiting a little longer each time. */
export const ENTRY_RETRIES = 2;
const RETRY_DELAY_MS = 400;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a failing remote from hurting the page. A remote entry that fails to load (a dropped
 * connection, a deploy mid-flight) is retried with a fresh request; if it still fails, or an exposed
 * module fails, the remote resolves to a marked fallback instead of rejecting deep inside the runtime,
 * and the loader turns that into an error its region's boundary shows with a retry.
 */
export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-resilience',
    // The hook's declared type wraps the result in a second Promise, which `await` flattens anyway.
    loadEntryError: (async ({
      getRemoteEntry,
      origin,
      remoteInfo,
      remoteEntryExports,
      globalLoading,
      uniqueKey,
    }) => {
      for (let attempt = 1; attempt <= ENTRY_RETRIES; attempt += 1) {
        await wait(RETRY_DELAY_MS * attempt);
        // Forget the failed load, and ask with a new URL so no cached failure or dead script tag is reused.
        delete globalLoading[uniqueKey];
        try {
          const exports = await getRemoteEntry({
            origin,
            remoteInfo,
            remoteEntryExports,
            getEntryUrl: (url) => `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`,
          });
          if (exports) return exports;
        } catch {
          // try again, or give up below
        }
      }
      return undefined;
    }) as NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>,
    async errorLoadRemote({ id, error, lifecycle }) {
      console.error(`Remote module ${id} failed to load (${lifecycle})`, error);
      reportModuleError(error, 'chunk-load');
      if (lifecycle === 'onLoad' || lifecycle === 'beforeRequest') return { [UNAVAILABLE]: true, id };
      return undefined;
    },
  };
}
