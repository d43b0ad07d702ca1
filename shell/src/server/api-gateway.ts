import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  assignRequestId,
  canonicalPath,
  FIRST_PAUSE_MS,
  HandedOver,
  isUnreachable,
  nextPause,
  clientAddress,
  logWhenAnswered,
  namesInternalRoute,
  REQUEST_ID_HEADER,
  SERVICE_KEY_HEADER,
  sendRepresentation,
  spelledBodyLimit,
  writeProblem,
  type Logger,
  traceOutgoing,
  type ProcessMetrics,
  type Tracing,
  type TrustProxy,
} from '@storefront/server-kit';
import { PassThrough, type Readable } from 'node:stream';
import type { Dispatcher, Pool } from 'undici';
import { splitApiPath } from './api-path';
import { bucketOf } from './canary-bucket';
import { CONNECTION_HEADERS } from './connection-headers';
import { CONDITIONAL_REQUEST_HEADERS, createReadCollapsing, mayShare } from './read-collapsing';
import type { ServiceTargets } from './service-targets';

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

/** What an address that is no API address is split into: no module, so the gateway's 404. */
const NO_API = { module: '', path: '/', query: '' };
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A problem+json answer, unless the service's answer has begun: then the connection is cut. */
function sendProblem(res: ServerResponse, status: number, title: string, detail: string) {
  if (res.headersSent) res.destroy();
  else writeProblem(res, { status, title, detail });
}

/** A body past the gateway's limit: the shopper's error (413), never the service's (a 502 would count against a release). */
class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body over ${limitBytes} bytes`);
  }
}

/** How much of a refused body is read and dropped, so that a client still sending it reads the refusal. */
const MOST_DRAINED_BYTES = 16 * 1024 * 1024;

/**
 * Refuses a body past the limit with 413, before any of it reaches a service. The rest of the body is
 * read and dropped, never kept (a client that writes its whole body before reading, as most do, would
 * otherwise meet a closed connection instead of the answer); past MOST_DRAINED_BYTES the connection is cut.
 */
function refuseOversized(req: IncomingMessage, res: ServerResponse, limitBytes: number) {
  if (res.headersSent) return res.destroy();
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MOST_DRAINED_BYTES) req.socket.destroy();
  });
  req.resume();
  writeProblem(res, {
    status: 413,
    title: 'Payload too large',
    detail: `Request bodies are limited to ${spelledBodyLimit(limitBytes)}.`,
  });
}

/**
 * A body without a declared length, passed on as it arrives (as fast as the service takes it) until it
 * grows past the limit: then the service's copy fails with BodyTooLarge, and the shopper's is left to
 * the refusal to drain.
 */
function withinLimit(req: IncomingMessage, limitBytes: number): Readable {
  const body = new PassThrough();
  let received = 0;
  const finish = () => body.end();
  const forward = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limitBytes) {
      req.off('data', forward).off('end', finish);
      body.destroy(new BodyTooLarge(limitBytes));
    } else if (!body.write(chunk)) {
      req.pause();
      body.once('drain', () => req.resume());
    }
  };
  req.on('data', forward).on('end', finish);
  return body;
}

/** A keyed request's body is kept to be sent again only up to this size (an order is a few hundred bytes). */
const MAX_REPEATABLE_BODY = 64 * 1024;

/** Whether its service makes the request at most once by its key (and it is small enough to keep). */
function isKeyedRequest(req: IncomingMessage, retrySafe: RetrySafe, module: string, path: string): boolean {
  const length = Number(req.headers['content-length']);
  return (
    req.headers['idempotency-key'] !== undefined &&
    retrySafe(module, req.method ?? '', path) &&
    length <= MAX_REPEATABLE_BODY
  );
}

/** Whether `METHOD /path` of a module's service is made at most once per key (its manifest's `retrySafe`). */
export type RetrySafe = (module: string, method: string, path: string) => boolean;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Sends a request that is safe to repeat, holding it while its service cannot be reached (restarting):
 * sent again after a growing pause until `deadline`, unless the shopper has gone, each time to where the
 * service answers then. A request never reached a service that was not listening; a GET or a keyed
 * order that did may be sent again.
 */
function dispatchHeld(
  poolNow: () => Pool,
  request: Dispatcher.DispatchOptions,
  res: ServerResponse,
  fail: (error: Error) => void,
  deadline: number,
  pause = FIRST_PAUSE_MS,
) {
  poolNow().dispatch(
    request,
    new RelayToShopper(res, (error) => {
      if (!isUnreachable(error) || res.headersSent || Date.now() + pause > deadline) return fail(error);
      setTimeout(() => {
        if (!res.destroyed) dispatchHeld(poolNow, request, res, fail, deadline, nextPause(pause));
      }, pause);
    }),
  );
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

/** The trace context headers: replaced by the gateway's own when it traces the request. */
const TRACE_HEADERS = new Set(['traceparent', 'tracestate']);

/** Header pairs without those named in `left` (lower case). */
function withoutHeaders(headers: string[], left: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < headers.length; i += 2)
    if (!left.has(headers[i]!.toLowerCase())) kept.push(headers[i]!, headers[i + 1]!);
  return kept;
}

/** `/api/<module>` of a request's address, to name its span. */
const apiRoot = (url = '') => url.split('/', 3).join('/');

/** What the gateway answers when the service could not: down (503), too slow (504), or otherwise (502). */
function answerFailure(
  req: IncomingMessage,
  res: ServerResponse,
  module: string,
  error: Error,
  logger: Logger,
  requestId: string,
) {
  if (error instanceof BodyTooLarge) return refuseOversized(req, res, error.limitBytes);
  const code = (error as NodeJS.ErrnoException).code ?? '';
  logger.warn({ module, code, reqId: requestId }, 'service unreachable through the gateway');
  if (TIMED_OUT.has(code)) {
    return sendProblem(res, 504, 'Service timed out', `The ${module} service took too long to answer.`);
  }
  if (isUnreachable(error)) {
    if (!res.headersSent) res.setHeader('retry-after', '1');
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
  /** Where each module's service answers now (its pools are the gateway's own). */
  targets: ServiceTargets;
  /** Where each answer is counted, by module, release (live or canary) and route. */
  metrics?: ProcessMetrics;
  /** Traces each request (continuing the caller's trace) and its hop to the service. */
  tracing?: Tracing;
  logger: Logger;
  /** Which hops in front of the shell to believe about the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /**
   * How long a request that is safe to send again (a GET or HEAD, a keyed order) is held while its
   * service cannot be reached (restarting), sent again as soon as it answers; 0 answers 503 at once.
   */
  outageHoldMs?: number;
  retrySafe: RetrySafe;
  /**
   * The largest body the gateway passes on (API_BODY_LIMIT): larger ones are refused with 413 before
   * they reach a service, and no more than this of any body is held.
   */
  bodyLimitBytes: number;
}

/**
 * /api/<module>/* straight to the module's service, outside the page app: a pool of kept-alive
 * connections per service (over its Unix socket when it has one here; page renders use their own
 * connections, so a crowd on the API cannot starve them),
 * bodies streamed both ways, the request id and client address added. A service that is down answers
 * 503 (after holding what is safe to send again for `outageHoldMs`, in case it is restarting), one that
 * is too slow 504, both as problem+json the page can show; service-to-service paths
 * (/internal) and unknown modules are 404. Identical reads that arrive together share one request to
 * the service when its answer is for everyone (read-collapsing.ts). Answers are relayed through undici's
 * dispatch interface rather than its stream API: the same pooled connections without a stream pair per
 * request.
 */
export function createApiGateway({
  targets,
  metrics,
  tracing,
  logger,
  trustProxy,
  outageHoldMs = 0,
  retrySafe,
  bodyLimitBytes,
}: ApiGatewayOptions) {
  const readTogether = createReadCollapsing((error) =>
    logger.error({ err: error }, 'a shared read could not be answered'),
  );
  const relay: RequestListener = (req, res) => {
    const requestId = assignRequestId(req, res);
    logWhenAnswered(logger, req, res, isRelayedAnswer);
    const { module, path, query } = splitApiPath(req.url ?? '') ?? NO_API;
    // A shopper given a canary is sent to its release, for every request, as long as it runs.
    const bucket = bucketOf(req);
    const target = targets.targetFor(module, bucket);
    const pool = target?.pool;
    const canonical = canonicalPath(path);
    if (canonical === null) {
      return sendProblem(res, 400, 'Bad request', 'The request path cannot be read.');
    }
    // However it is spelt (escapes, doubled slashes, dot segments, case), /internal is not served here.
    if (!pool || namesInternalRoute(canonical)) {
      return sendProblem(res, 404, 'Not found', `Nothing is served at ${req.method} ${req.url}.`);
    }
    const traced = traceOutgoing(`${req.method} ${module} ${canonical}`);
    const request: Dispatcher.DispatchOptions = {
      path: path + query,
      method: req.method as Dispatcher.HttpMethod,
      headers: traced
        ? [
            ...withoutHeaders(forwardedHeaders(req, requestId, trustProxy), TRACE_HEADERS),
            ...Object.entries(traced.headers).flat(),
          ]
        : forwardedHeaders(req, requestId, trustProxy),
      body: null,
    };
    if (traced) res.once('close', () => traced.end(res.writableFinished ? res.statusCode : null));
    metrics?.observe(req, res, () => ({
      module,
      release: target!.release,
      // A path no route answered is labelled as such: shoppers choose paths, not the metrics' series.
      route: res.statusCode === 404 ? 'unmatched' : `/${canonical.split('/', 2)[1] ?? ''}`,
      method: req.method ?? 'GET',
    }));
    const fail = (error: Error) => answerFailure(req, res, module, error, logger, requestId);
    // Counted with the module's answers, as the shopper's error (4xx) that it is.
    const declaredLength = req.headers['content-length'];
    if (declaredLength !== undefined && Number(declaredLength) > bodyLimitBytes)
      return refuseOversized(req, res, bodyLimitBytes);
    const poolNow = () => targets.targetFor(module, bucket)!.pool;
    const sendAlone = () => {
      const bodiless = req.method === 'GET' || req.method === 'HEAD';
      if (outageHoldMs > 0 && bodiless) {
        return dispatchHeld(poolNow, request, res, fail, Date.now() + outageHoldMs);
      }
      if (outageHoldMs > 0 && isKeyedRequest(req, retrySafe, module, canonical)) {
        const deadline = Date.now() + outageHoldMs;
        readBody(req).then((body) => dispatchHeld(poolNow, { ...request, body }, res, fail, deadline), fail);
        return;
      }
      // A declared length is held to by Node's parser; a chunked body is counted as it passes.
      if (!bodiless) request.body = declaredLength === undefined ? withinLimit(req, bodyLimitBytes) : req;
      poolNow().dispatch(request, new RelayToShopper(res, fail));
    };
    // A traced read is sent alone: its span is the service's answer to it.
    const send = () =>
      !traced && mayShare(req)
        ? readTogether(poolNow(), path + query, {
            headers: withoutHeaders(request.headers as string[], CONDITIONAL_REQUEST_HEADERS),
            answer: (shared, own) => {
              if (res.destroyed) return;
              if (own) relayedAnswers.add(res);
              sendRepresentation(req, res, shared);
            },
            relay: () => new RelayToShopper(res, fail),
            alone: sendAlone,
          })
        : sendAlone();
    if (!targets.handedOver(module)) return send();
    // A release being handed over: the request waits, unsent (its body unread), for the next one.
    void targets
      .whileHandedOver(module, Date.now() + Math.max(outageHoldMs, 1))
      .then((available) => (available ? send() : fail(new HandedOver(module))));
  };

  const handle: RequestListener = (req, res) =>
    tracing
      ? tracing.serve(
          req,
          res,
          () => `${req.method} ${apiRoot(req.url)}`,
          () => relay(req, res),
        )
      : relay(req, res);

  return { handle, close: () => targets.close() };
}
