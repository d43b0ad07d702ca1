import { isInternalPath } from '@storefront/server-kit';
import { splitApiPath } from './api-path';
import type { ServiceCalls } from './service-calls';

/** An API answer: its status and JSON body, and its ETag when the service gave one. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  etag?: string;
}

/** What the browser would get from the shell's proxy for a path no public API has (the gateway's 404). */
const notFound: ApiAnswer = {
  status: 404,
  body: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'There is nothing at this address.' },
};

/** What the browser would get from the shell's proxy for a service that is down. */
const unavailable = (module: string): ApiAnswer => ({
  status: 503,
  body: {
    type: 'about:blank',
    title: 'Service unavailable',
    status: 503,
    detail: `The ${module} service is unavailable right now. Please try again shortly.`,
  },
});

/** A public API URL of the shell's origin, as the service it names and the path there; null if none. */
export function apiTarget(url: string): { module: string; path: string } | null {
  const api = splitApiPath(url);
  if (!api || isInternalPath(api.path)) return null;
  return { module: api.module, path: `${api.path}${api.query}` };
}

/**
 * GETs a public API URL of the shell's origin (/api/<module>/...) from the service itself, as the
 * browser would through the proxy. Resolves null when it does not answer within `timeoutMs`; a service
 * that cannot be reached answers as the proxy would (503), and so does an address the proxy would not
 * pass on (an unknown module, or a page parameter that spells a service-to-service path: 404).
 */
export function createServiceApi(services: ServiceCalls) {
  /** `ifNoneMatch`: the ETag held of it, to learn whether it is still current (304). */
  return async function getApi(
    url: string,
    timeoutMs: number,
    requestId: string,
    ifNoneMatch?: string,
  ): Promise<ApiAnswer | null> {
    const target = apiTarget(url);
    if (!target || !services.serves(target.module)) return notFound;
    const started = Date.now();
    try {
      const answer = await services.call(target.module, {
        method: 'GET',
        path: target.path,
        // A page's data is public: asked for by the shell itself, not for a shopper's budget.
        shopper: { client: '127.0.0.1', requestId },
        ifNoneMatch,
        timeoutMs,
      });
      const etag = answer.headers.etag;
      return {
        status: answer.status,
        body: answer.body ?? null,
        etag: typeof etag === 'string' ? etag : undefined,
      };
    } catch {
      // Out of time: the page fetches it in the browser. Unreachable: as the proxy would answer.
      return Date.now() - started >= timeoutMs ? null : unavailable(target.module);
    }
  };
}

export type ServiceApi = ReturnType<typeof createServiceApi>;
