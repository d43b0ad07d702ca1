import { Pool, type Dispatcher } from 'undici';
import { SERVICE_KEY_HEADER } from './internal-paths';
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
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The request id of the request being served, so one id follows it from service to service. */
  requestId?: string;
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
}: InternalClientOptions): InternalClient {
  const pool = new Pool(baseUrl, { connections, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return {
    async call({ method, path, body, requestId }) {
      const headers: Record<string, string> = { [SERVICE_KEY_HEADER]: serviceKey };
      if (requestId) headers[REQUEST_ID_HEADER] = requestId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let answer: Dispatcher.ResponseData;
      try {
        answer = await pool.request({
          method,
          path,
          headers,
          body: body === undefined ? null : JSON.stringify(body),
        });
      } catch (error) {
        throw new ServiceUnreachable(service, error);
      }
      const json = /\bjson\b/.test(String(answer.headers['content-type'] ?? ''));
      try {
        return {
          status: answer.statusCode,
          headers: answer.headers,
          body: method !== 'HEAD' && json ? await answer.body.json() : await answer.body.dump(),
        };
      } catch (error) {
        throw new ServiceUnreachable(service, error);
      }
    },
    close: () => pool.close(),
  };
}
