import { isInternalPath, REQUEST_ID_HEADER } from '@storefront/service-kit';
import { SERVICE_MODULES, serviceUrl, type ServiceModule, type ShellConfig } from './config';

/** An API answer: its status and JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

const API_PATH = /^\/api\/([a-z-]+)(\/[^?#]*)?(\?.*)?$/;

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

/**
 * GETs a public API URL of the shell's origin (/api/<module>/...) from the service itself, as the
 * browser would through the proxy. Resolves null when it does not answer within `timeoutMs`; a service
 * that cannot be reached answers as the proxy would (503). Service-to-service paths are refused.
 */
export function createServiceApi(config: ShellConfig) {
  return async function getApi(url: string, timeoutMs: number, requestId: string): Promise<ApiAnswer | null> {
    const [, module, rest = '/', query = ''] = API_PATH.exec(url) ?? [];
    if (!module || !SERVICE_MODULES.includes(module as ServiceModule) || isInternalPath(rest)) {
      throw new Error(`${url} is not a public API of this shell`);
    }
    let response: Response;
    try {
      response = await fetch(`${serviceUrl(config, module as ServiceModule)}${rest}${query}`, {
        headers: { accept: 'application/json', [REQUEST_ID_HEADER]: requestId },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return null;
      return unavailable(module);
    }
    return { status: response.status, body: await response.json().catch(() => null) };
  };
}

export type ServiceApi = ReturnType<typeof createServiceApi>;
