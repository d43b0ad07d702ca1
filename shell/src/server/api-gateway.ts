import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  assignRequestId,
  canonicalPath,
  clientAddress,
  logWhenAnswered,
  namesInternalRoute,
  REQUEST_ID_HEADER,
  SERVICE_KEY_HEADER,
  writeProblem,
  type Logger,
  type TrustProxy,
} from '@storefront/service-kit';
import { Pool } from 'undici';
import { SERVICE_MODULES, type ServiceModule } from './config';

/**
 * Headers never forwarded across the gateway: those describing one connection (RFC 9110, 7.6.1);
 * Host, which the pool sets for the service it connects to; the forwarding headers, which the gateway
 * writes itself; and the service key, which only services hold.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  SERVICE_KEY_HEADER,
]);

const API_PATH = /^\/api\/([^/?#]+)(\/[^?#]*)?(\?.*)?$/;
/** Failures that mean nothing is listening (or the connection died): the service is down or restarting. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A problem+json answer, unless the service's answer has begun: then the connection is cut. */
function sendProblem(res: ServerResponse, status: number, title: string, detail: string) {
  if (res.headersSent) res.destroy();
  else writeProblem(res, { status, title, detail });
}

/**
 * The request's headers for the service, with one X-Forwarded-For: the client as this shell's
 * TRUST_PROXY resolves it. Addresses the client wrote itself never reach the service, which trusts
 * the shell to have decided.
 */
function forwardedHeaders(
  req: IncomingMessage,
  requestId: string,
  trustProxy: TrustProxy,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  headers['x-forwarded-for'] = clientAddress(req, trustProxy);
  headers['x-forwarded-host'] = req.headers.host;
  headers['x-forwarded-proto'] = 'http';
  headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

export interface ApiGatewayOptions {
  targets: Record<ServiceModule, string>;
  timeoutMs: number;
  logger: Logger;
  /** Which hops in front of the shell to believe about the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Kept-alive connections per service; requests beyond them queue in the pool. */
  connectionsPerService?: number;
}

/**
 * /api/<module>/* straight to the module's service, outside the page app: a pool of kept-alive
 * connections per service (page renders use their own, so a crowd on the API cannot starve them),
 * bodies streamed both ways, the request id and client address added. A service that is down answers
 * 503, one that is too slow 504, both as problem+json the page can show; service-to-service paths
 * (/internal) and unknown modules are 404.
 */
export function createApiGateway({
  targets,
  timeoutMs,
  logger,
  trustProxy,
  connectionsPerService = 64,
}: ApiGatewayOptions) {
  const pools = new Map<string, Pool>(
    SERVICE_MODULES.map((module) => [
      module,
      new Pool(targets[module], {
        connections: connectionsPerService,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      }),
    ]),
  );

  const handle: RequestListener = (req, res) => {
    const requestId = assignRequestId(req, res);
    logWhenAnswered(logger, req, res);
    const [, module = '', path = '/', query = ''] = API_PATH.exec(req.url ?? '') ?? [];
    const pool = pools.get(module);
    const canonical = canonicalPath(path);
    if (canonical === null) {
      return sendProblem(res, 400, 'Bad request', 'The request path cannot be read.');
    }
    // However it is spelt (escapes, doubled slashes, dot segments, case), /internal is not served here.
    if (!pool || namesInternalRoute(canonical)) {
      return sendProblem(res, 404, 'Not found', `Nothing is served at ${req.method} ${req.url}.`);
    }
    // A shopper who leaves does not cancel the service's work (an order half made is worse than one
    // made and not shown); their answer is dropped when it cannot be written.
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    pool.stream(
      {
        path: path + query,
        method: req.method as 'GET',
        headers: forwardedHeaders(req, requestId, trustProxy),
        body: hasBody ? req : null,
      },
      ({ statusCode, headers }) => {
        for (const name of Object.keys(headers)) if (HOP_BY_HOP.has(name)) delete headers[name];
        res.writeHead(statusCode, headers as IncomingHttpHeaders);
        return res;
      },
      (error) => {
        if (!error || res.destroyed) return;
        const code = (error as NodeJS.ErrnoException).code ?? '';
        logger.warn({ module, code, reqId: requestId }, 'service unreachable through the gateway');
        if (TIMED_OUT.has(code)) {
          return sendProblem(res, 504, 'Service timed out', `The ${module} service took too long to answer.`);
        }
        if (UNREACHABLE.has(code)) {
          return sendProblem(
            res,
            503,
            'Service unavailable',
            `The ${module} service is unavailable right now. Please try again shortly.`,
          );
        }
        return sendProblem(res, 502, 'Bad gateway', `The ${module} service could not be reached.`);
      },
    );
  };

  return {
    handle,
    close: () => Promise.all([...pools.values()].map((pool) => pool.close())),
  };
}
