import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { UNAVAILABLE } from './remote-unavailable';

/**
 * A remote whose entry or exposed module fails to load resolves to a marked fallback instead of
 * rejecting deep inside the federation runtime; the loader turns the marker into an error that the
 * region's boundary shows with a retry. The rest of the page never notices.
 */
export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-resilience',
    async errorLoadRemote({ id, error, lifecycle }) {
      console.error(`Remote module ${id} failed to load (${lifecycle})`, error);
      if (lifecycle === 'onLoad' || lifecycle === 'beforeRequest') return { [UNAVAILABLE]: true, id };
      return undefined;
    },
  };
}
