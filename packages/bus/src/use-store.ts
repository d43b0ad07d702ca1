import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Store } from './store';

/** What the page was rendered with, for stores whose value only one visitor's request knows. */
export type ServerValues = ReadonlyMap<Store<unknown>, unknown>;

const ServerValuesContext = createContext<ServerValues>(new Map());

/**
 * The values a page is rendered with on the server, per request, and hydrated with in the browser
 * (from the page's state): the visitor's cart, their age answer, the search in the address. Stores
 * are one per process on the server, so a request's own values travel in React context instead.
 */
export function ServerValuesProvider({ values, children }: { values: ServerValues; children: ReactNode }) {
  return createElement(ServerValuesContext.Provider, { value: values }, children);
}

/**
 * Subscribes a React component to a store. On the server and while hydrating it reads the value the
 * page was rendered with (the request's, or else the store's server value), so the page matches its
 * HTML; the browser's own value follows in the next render.
 */
export function useStore<T>(store: Store<T>): T {
  const rendered = useContext(ServerValuesContext);
  return useSyncExternalStore(
    (onChange) => {
      const subscription = store.state$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    store.get,
    rendered.has(store) ? () => rendered.get(store) as T : store.serverValue,
  );
}
