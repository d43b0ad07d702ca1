import { ApiError, failureWords } from '@storefront/commerce/api-client';
import { bus, stores, useStore } from '@storefront/bus';
import { useHydrated, usePreloadedResponse } from '@storefront/ui';
import { useCallback, useEffect, useState } from 'react';

export type AccountRead<T> =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: T };

/** How an answer's body is read (a schema of @storefront/commerce). */
interface AnswerSchema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

/** What the server rendered the page with (for a researcher it signed in), if it is an answer to show. */
function fromServer<T>(
  preloaded: { status: number; body: unknown } | undefined,
  schema: AnswerSchema<T>,
): AccountRead<T> | null {
  if (preloaded?.status === 404) return { status: 'not-found' };
  if (preloaded?.status !== 200) return null;
  const parsed = schema.safeParse(preloaded.body);
  return parsed.success ? { status: 'ready', data: parsed.data } : null;
}

/**
 * One of the signed-in researcher's own reads (their orders, an order): the answer the server rendered
 * the page with, for a researcher it signed in; else asked for by the page's script with the session's
 * token once the session is known; signed out, nothing is asked.
 */
export function useAccountRead<T>(
  url: string,
  schema: AnswerSchema<T>,
  load: (accessToken: string) => Promise<T>,
): AccountRead<T> & { retry(): void } {
  const auth = useStore(stores.auth);
  const hydrated = useHydrated();
  const accessToken = auth.accessToken ?? null;
  const rendered = fromServer(usePreloadedResponse(url), schema);
  const [read, setRead] = useState<AccountRead<T>>(rendered ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const renderedByServer = rendered !== null && attempt === 0;

  useEffect(() => {
    if (renderedByServer || !accessToken) return;
    let current = true;
    setRead({ status: 'loading' });
    load(accessToken).then(
      (data) => current && setRead({ status: 'ready', data }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) return setRead({ status: 'not-found' });
        setRead({ status: 'failed', message: failureWords(error) });
        // A session the service no longer knows (ended on another device): this browser signs out too.
        if (error instanceof ApiError && error.status === 401) bus.publish('auth/sign-out');
      },
    );
    return () => {
      current = false;
    };
    // `load` is the page's way to ask for `url`: a new url is a new read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, accessToken, renderedByServer, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (renderedByServer) return { ...rendered, retry };
  // Drawn by the server without the researcher's data, the page is a signed-out visitor's (a link to
  // sign in, which works without scripts); once scripts run, a session still being read is awaited.
  if (!accessToken) return { status: auth.loading && hydrated ? 'loading' : 'signed-out', retry };
  return { ...read, retry };
}
