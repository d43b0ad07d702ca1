import type { IncomingMessage, RequestListener } from 'node:http';
import express, { type Router } from 'express';
import type { Database } from './database';
import type { Logger } from './logger';
import type { TrustProxy } from './client-address';
import { canonicalPath, carriesServiceKey, namesInternalRoute, toOriginForm } from './internal-paths';
import type { ProcessMetrics } from './metrics';
import type { Tracing } from './tracing';
import { HttpProblem, notFoundHandler, problemHandler, writeProblem } from './problems';
import { sendRepresentation, type Representation } from './representation';
import { isRoutineProbe, requestLogging } from './request-id';
import { isStorableText, refuseUnstorableText } from './storable-text';

/** A request whose JSON body was parsed by the service app; `rawBody` holds the bytes as received. */
interface RawBodyRequest extends IncomingMessage {
  rawBody?: Buffer;
}

/**
 * The body exactly as it arrived (empty when there was none), for signature checks. Decoded only here:
 * the parser keeps a reference to the bytes, so other requests pay nothing for it.
 */
export function rawBodyOf(req: IncomingMessage): string {
  return (req as RawBodyRequest).rawBody?.toString('utf8') ?? '';
}

/** What a service has ready in memory at a path (no query), answered before the app is entered. */
export type PublishedReads = (path: string) => Representation | undefined;

export interface ServiceAppOptions {
  name: string;
  version: string;
  db: Database;
  logger: Logger;
  bodyLimit: string;
  routes: Router;
  published?: PublishedReads;
  /** Which forwarding hops to believe about the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** The key other services present on /internal routes (SERVICE_KEY). */
  serviceKey: string;
  /**
   * Whether the service has been told to stop: it is then no longer ready, so balancers and the
   * orchestrator send it nothing new, while what it has taken is answered.
   */
  stopping?: () => boolean;
  /** Where each answer is counted, labelled with this module and `release`. */
  metrics?: ProcessMetrics;
  release?: string;
  /** Traces each request, continuing its caller's trace. */
  tracing?: Tracing;
}

/** The route a request took, for its metrics: the pattern that answered it, or what it was sent to. */
const routeOf = (req: IncomingMessage, published: boolean): string =>
  published
    ? (req.url ?? '/').split('?', 1)[0]!
    : ((req as IncomingMessage & { route?: { path?: string } }).route?.path ?? 'unmatched');

/**
 * What every service answer says about itself. A service answers APIs (JSON, pictures, a PDF), never a
 * page: nothing in it may run, be framed or be read as another type, and other sites may not embed it.
 * The page headers a browser document needs (HSTS, referrer and opener policies, …) are the shell's, on
 * the pages; a route that does serve a page (the development mailbox) states its own policy. Three
 * headers instead of helmet's twelve: on a read of 3.7 KB they were a sixth of every answer's bytes.
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];

/**
 * The request listener every service runs. Every answer carries the API security headers. Published
 * reads (a snapshot's bodies) are answered straight from memory with the same request id and log line
 * as the app's, at a fraction of its cost; everything else goes through the Express app: request ids and
 * JSON logs, a capped JSON body, health and readiness, the service's routes, and problem+json for
 * everything that goes wrong.
 */
export function createServiceApp({
  name,
  version,
  db,
  logger,
  bodyLimit,
  routes,
  published,
  trustProxy,
  serviceKey,
  stopping = () => false,
  metrics,
  release = version,
  tracing,
}: ServiceAppOptions): RequestListener {
  // One request id and log line, for the Express app and for the reads answered before it alike.
  const logRequest = requestLogging(logger, isRoutineProbe);
  const app = express();
  app.set('trust proxy', trustProxy);
  app.disable('x-powered-by');
  app.use(logRequest);
  app.use(
    express.json({
      limit: bodyLimit,
      // Signed webhooks are verified over the exact bytes received, so the raw body is kept beside the parsed one.
      verify: (req, _res, raw) => {
        (req as RawBodyRequest).rawBody = raw;
      },
    }),
  );
  app.use(refuseUnstorableText);

  // Probes say up or down and nothing more; what runs where is for operators, behind the service key.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (stopping()) throw new HttpProblem(503, 'Not ready', 'The service is stopping.');
    try {
      await db.ping();
      res.json({ status: 'ready' });
    } catch {
      throw new HttpProblem(503, 'Not ready', 'The service cannot reach its database.');
    }
  });
  app.get('/internal/status', (_req, res) => {
    res.json({ service: name, version, release, database: db.kind });
  });

  app.use(routes);
  app.use(notFoundHandler);
  app.use(problemHandler(logger));

  return (req, res) => {
    for (const [header, value] of API_SECURITY_HEADERS) res.setHeader(header, value);
    // One target for the guard below and for Express: the path, however the request line gave it.
    if (!toOriginForm(req)) {
      return writeProblem(res, {
        status: 400,
        title: 'Bad request',
        detail: 'The request target must be a path.',
      });
    }
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    // One rule for every spelling of a path (escapes, doubled slashes, dot segments, case): an
    // undecodable one is refused, one holding text no route could match (NUL, half a surrogate pair)
    // names nothing, and /internal answers only callers holding the service key.
    const canonical = canonicalPath(path);
    if (canonical === null) {
      return writeProblem(res, {
        status: 400,
        title: 'Bad request',
        detail: 'The request path cannot be read.',
      });
    }
    if (!isStorableText(canonical)) {
      return writeProblem(res, {
        status: 404,
        title: 'Not found',
        detail: 'Nothing is served at this path.',
      });
    }
    if (namesInternalRoute(canonical) && !carriesServiceKey(req, serviceKey)) {
      return writeProblem(res, {
        status: 403,
        title: 'Forbidden',
        detail: 'This route is for other services.',
      });
    }
    const rep = published && (req.method === 'GET' || req.method === 'HEAD') ? published(path) : undefined;
    const route = () => routeOf(req, rep !== undefined);
    metrics?.observe(req, res, () => ({
      module: name,
      release,
      route: route(),
      method: req.method ?? 'GET',
    }));
    const answer = rep
      ? () => logRequest(req, res, () => sendRepresentation(req, res, rep))
      : () => app(req, res);
    if (!tracing) return answer();
    tracing.serve(req, res, () => `${req.method} ${route()}`, answer);
  };
}
