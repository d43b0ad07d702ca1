import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Socket } from 'node:net';
import express, { type Router } from 'express';
import helmet from 'helmet';
import type { Database } from './database';
import type { Logger } from './logger';
import { HttpProblem, notFoundHandler, problemHandler } from './problems';
import { sendRepresentation, type Representation } from './representation';
import { assignRequestId, isHealthCheck, logWhenAnswered, requestLogging } from './request-id';

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
}

/** The headers helmet sets, worked out once: they are the same on every response. */
function securityHeaders(): Array<[string, string]> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet()(res.req, res, () => undefined);
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/**
 * The request listener every service runs. Published reads (a snapshot's bodies) are answered straight
 * from memory with the same headers, request id and log line as the app's, at a fraction of its cost;
 * everything else goes through the Express app: security headers, request ids and JSON logs, a capped
 * JSON body, health and readiness, the service's routes, and problem+json for everything that goes wrong.
 */
export function createServiceApp({
  name,
  version,
  db,
  logger,
  bodyLimit,
  routes,
  published,
}: ServiceAppOptions): RequestListener {
  const app = express();
  // Services sit behind the shell's proxy (or an ingress) on loopback; client addresses come from X-Forwarded-For.
  app.set('trust proxy', 'loopback');
  app.use(helmet());
  app.use(requestLogging(logger, isHealthCheck));
  app.use(
    express.json({
      limit: bodyLimit,
      // Signed webhooks are verified over the exact bytes received, so the raw body is kept beside the parsed one.
      verify: (req, _res, raw) => {
        (req as RawBodyRequest).rawBody = raw;
      },
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: name, version });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await db.ping();
      res.json({ status: 'ready', service: name, version, database: db.kind });
    } catch {
      throw new HttpProblem(503, 'Not ready', `The ${name} service cannot reach its database.`);
    }
  });

  app.use(routes);
  app.use(notFoundHandler);
  app.use(problemHandler(logger, bodyLimit));
  if (!published) return app;

  const headers = securityHeaders();
  return (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const rep =
      req.method === 'GET' || req.method === 'HEAD'
        ? published(query === -1 ? url : url.slice(0, query))
        : undefined;
    if (!rep) return app(req, res);
    for (const [header, value] of headers) res.setHeader(header, value);
    assignRequestId(req, res);
    logWhenAnswered(logger, req, res);
    sendRepresentation(req, res, rep);
  };
}
