import type { Dispatcher } from 'undici';
import { SERVICE_KEY_HEADER } from './internal-paths';
import { holdThroughOutage } from './outage-hold';
import { EndpointPools, HandedOver, type ServiceEndpoints } from './service-endpoints';
import { traceOutgoing } from './tracing';
import { REQUEST_ID_HEADER } from './request-id';

/** What another service answered: its status, headers, and its JSON body (undefined when it had none). */
export interface InternalAnswer {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  body: unknown;
}

/**
 * The other service could not be reached, did not answer in time, or answered what cannot be read: the
 * caller decides what that means for its own answer.
 */
export class ServiceUnreachable extends Error {
  constructor(
    readonly service: string,
    cause: unknown,
  ) {
    super(`The ${service} service could not be reached`, { cause });
  }
}

export interface InternalCall {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The request id of the request being served, so one id follows it from service to service. */
  requestId?: string;
  /**
   * A POST that changes nothing (a quote), so it may be sent again while the service restarts, as a PUT,
   * GET or HEAD always may.
   */
  repeatable?: boolean;
}

export interface InternalClient {
  call(call: InternalCall): Promise<InternalAnswer>;
  close(): Promise<void>;
}

export interface InternalClientOptions {
  /** The service called, for messages. */
  service: string;
  baseUrl: string;
  /** Presented on every call (other services' /internal routes require it). */
  serviceKey: string;
  timeoutMs: number;
  /** Kept-alive connections at most; calls beyond them wait for one. */
  connections?: number;
  /**
   * How long a repeatable call is held while the other service cannot be reached (restarting), sent
   * again as soon as it answers; past it, ServiceUnreachable.
   */
  outageHoldMs: number;
  /** npm start's table of where each release answers now; unset: always `baseUrl`. */
  endpoints?: ServiceEndpoints | null;
}

/**
 * How one service calls another: a pool of kept-alive connections (undici), the service key and the
 * request id on every call, JSON both ways, and one error for "not there or too slow". Cheaper than
 * `fetch` per call by the streams and abort signals it does not build, which counts on the order path.
 */
export function createInternalClient({
  service,
  baseUrl,
  serviceKey,
  timeoutMs,
  connections = 32,
  outageHoldMs,
  endpoints = null,
}: InternalClientOptions): InternalClient {
  const pools = new EndpointPools({ connections, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const target = () => endpoints?.of(service)?.live ?? { url: baseUrl };
  endpoints?.onChange(() => pools.retireAllBut([target()]));
  return {
    async call({ method, path, body, requestId, repeatable = method !== 'POST' }) {
      const headers: Record<string, string> = { [SERVICE_KEY_HEADER]: serviceKey };
      if (requestId) headers[REQUEST_ID_HEADER] = requestId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const traced = traceOutgoing(`${method} ${service} ${path.split('?', 1)[0]}`);
      Object.assign(headers, traced?.headers);
      // The answer is read whole inside what the hold repeats: a connection cut mid-answer by a
      // restart is an outage like a refused one.
      const send = async (): Promise<InternalAnswer> => {
        // A release being handed over: the call waits, unsent, for the next one.
        if (endpoints && !(await endpoints.whileHandedOver(service, Date.now() + outageHoldMs)))
          throw new HandedOver(service);
        const answer = await pools
          .poolFor(target())
          .request({ method, path, headers, body: body === undefined ? null : JSON.stringify(body) });
        const json = /\bjson\b/.test(String(answer.headers['content-type'] ?? ''));
        return {
          status: answer.statusCode,
          headers: answer.headers,
          body: method !== 'HEAD' && json ? await answer.body.json() : await answer.body.dump(),
        };
      };
      try {
        const answer = await (repeatable ? holdThroughOutage(send, outageHoldMs) : send());
        traced?.end(answer.status);
        return answer;
      } catch (error) {
        traced?.end(null);
        throw new ServiceUnreachable(service, error);
      }
    },
    close: () => pools.close(),
  };
}
