import { useSyncExternalStore } from 'react';
import type { Store } from './store';

/** Subscribes a React component to a store. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = store.state$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    store.get,
    store.get,
  );
}
