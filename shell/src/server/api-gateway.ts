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
import { Pool, type Dispatcher } from 'undici';
import { SERVICE_MODULES, type ServiceModule } from './config';

/** Headers describing one connection (RFC 9110, 7.6.1): never passed on, in either direction. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers a service never gets from the shopper: those of the connection; Host, which the pool
 * sets for the service it connects to; the forwarding headers and the request id, which the gateway
 * writes itself; and the service key, which only services hold.
 */
const NOT_FORWARDED = new Set([
  ...CONNECTION_HEADERS,
  'host',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  REQUEST_ID_HEADER,
  SERVICE_KEY_HEADER,
]);

const API_PATH = /^\/api\/([^/?#]+)(\/[^?#]*)?(\?.*)?$/;
/**
 * Failures that mean nothing is listening (or the connection died): the service is down or restarting.
 * A stopped service removes its Unix socket, so a missing one (ENOENT) means the same.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOENT',
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
function forwardedHeaders(req: IncomingMessage, requestId: string, trustProxy: TrustProxy): string[] {
  const headers: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (!NOT_FORWARDED.has(raw[i]!.toLowerCase())) headers.push(raw[i]!, raw[i + 1]!);
  }
  headers.push(
    'x-forwarded-for',
    clientAddress(req, trustProxy),
    'x-forwarded-host',
    req.headers.host ?? '',
    'x-forwarded-proto',
    'http',
    REQUEST_ID_HEADER,
    requestId,
  );
  return headers;
}

/** What the gateway answers when the service could not: down (503), too slow (504), or otherwise (502). */
function answerFailure(res: ServerResponse, module: string, error: Error, logger: Logger, requestId: string) {
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
}

/**
 * Answers relayed from a service, which that service has logged under the same request id: each
 * request is logged once, by whoever answered it (a second line per read was a sixth of the gateway's
 * time). What the gateway answers itself, a service's failure and a shopper who left keep their line.
 */
const relayedAnswers = new WeakSet<ServerResponse>();
const isRelayedAnswer = (res: ServerResponse) => relayedAnswers.has(res);

/**
 * Relays one service answer to the shopper as it arrives: status and headers, then the body chunk by
 * chunk, reading no faster than the shopper takes it. A shopper who leaves does not cancel the
 * service's work (an order half made is worse than one made and not shown): the rest of the answer is
 * read and dropped, which also keeps the connection to the service for the next request.
 */
class RelayToShopper implements Dispatcher.DispatchHandler {
  constructor(
    private readonly res: ServerResponse,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** Nothing to do at the start; undici tells this handler's interface from the older one by it. */
  onRequestStart() {}

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ) {
    if (this.res.destroyed) return;
    for (const name of Object.keys(headers)) if (CONNECTION_HEADERS.has(name)) delete headers[name];
    this.res.writeHead(statusCode, headers);
    relayedAnswers.add(this.res);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.res.destroyed) return;
    if (!this.res.write(chunk)) this.pauseUntilTaken(controller);
  }

  /**
   * Stops reading the service until the shopper has taken what was written, or has left (the rest is
   * then read and dropped). Listened for only when it happens: most answers fit the socket's buffer.
   */
  private pauseUntilTaken(controller: Dispatcher.DispatchController) {
    controller.pause();
    const resume = () => {
      this.res.off('drain', resume);
      this.res.off('close', resume);
      if (controller.paused) controller.resume();
    };
    this.res.on('drain', resume);
    this.res.on('close', resume);
  }

  onResponseEnd() {
    if (!this.res.destroyed) this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error) {
    if (!this.res.destroyed) this.onFailure(error);
  }
}

export interface ApiGatewayOptions {
  targets: Record<ServiceModule, string>;
  /** Unix sockets of services on this machine, reached instead of their URL (cheaper than loopback TCP). */
  sockets?: Partial<Record<ServiceModule, string>>;
  timeoutMs: number;
  logger: Logger;
  /** Which hops in front of the shell to believe about the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Kept-alive connections per service; requests beyond them queue in the pool. */
  connectionsPerService?: number;
}

/**
 * /api/<module>/* straight to the module's service, outside the page app: a pool of kept-alive
 * connections per service (over its Unix socket when it has one here; page renders use their own
 * connections, so a crowd on the API cannot starve them),
 * bodies streamed both ways, the request id and client address added. A service that is down answers
 * 503, one that is too slow 504, both as problem+json the page can show; service-to-service paths
 * (/internal) and unknown modules are 404. Answers are relayed through undici's dispatch interface
 * rather than its stream API: the same pooled connections without a stream pair per request, which
 * under a crowd was a third of the gateway's time.
 */
export function createApiGateway({
  targets,
  sockets = {},
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
        ...(sockets[module] ? { connect: { socketPath: sockets[module] } } : {}),
      }),
    ]),
  );

  const handle: RequestListener = (req, res) => {
    const requestId = assignRequestId(req, res);
    logWhenAnswered(logger, req, res, isRelayedAnswer);
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
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    pool.dispatch(
      {
        path: path + query,
        method: req.method as Dispatcher.HttpMethod,
        headers: forwardedHeaders(req, requestId, trustProxy),
        body: hasBody ? req : null,
      },
      new RelayToShopper(res, (error) => answerFailure(res, module, error, logger, requestId)),
    );
  };

  return {
    handle,
    close: () => Promise.all([...pools.values()].map((pool) => pool.close())),
  };
}
