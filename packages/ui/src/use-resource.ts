import { useCallback, useEffect, useRef, useState } from 'react';
import { usePreloadedResponse, type PreloadedResponse } from './preloaded-data';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * One API resource a page shows: where it is, how to fetch it, and how to read an answer that came
 * with the page (which may be an error answer: `read` throws then, as `load` would).
 */
export interface Resource<T> {
  url: string;
  load(): Promise<T>;
  read(response: PreloadedResponse): T;
}

function stateFrom<T>(resource: Resource<T>, response: PreloadedResponse): AsyncState<T> {
  try {
    return { status: 'ready', data: resource.read(response) };
  } catch (error) {
    return { status: 'failed', error };
  }
}

/**
 * A resource's state for a component, with a retry. An answer that came with the page is used at
 * once (on the server and while hydrating); otherwise, and after a retry or a change of URL, it is
 * fetched. A stale answer for an earlier URL is dropped.
 */
export function useResource<T>(resource: Resource<T>): AsyncState<T> & { retry(): void } {
  const preloaded = usePreloadedResponse(resource.url);
  const [state, setState] = useState<AsyncState<T>>(() =>
    preloaded ? stateFrom(resource, preloaded) : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const cameWithPage = useRef(preloaded !== undefined);
  const latest = useRef(resource);
  latest.current = resource;

  useEffect(() => {
    if (cameWithPage.current) {
      cameWithPage.current = false;
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    latest.current.load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [resource.url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
