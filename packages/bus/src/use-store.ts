import { useSyncExternalStore } from 'react';
import type { Store } from './store';

/**
 * Subscribes a React component to a store. While hydrating, it reads the store's server value, so the
 * page matches its HTML; the browser's own value follows in the next render.
 */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = store.state$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    store.get,
    store.serverValue,
  );
}
