import type { IncomingMessage } from 'node:http';
import express, { type Router } from 'express';
import helmet from 'helmet';
import type { Database } from './database';
import type { Logger } from './logger';
import { HttpProblem, notFoundHandler, problemHandler } from './problems';
import { requestLogging } from './request-id';

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

export interface ServiceAppOptions {
  name: string;
  version: string;
  db: Database;
  logger: Logger;
  bodyLimit: string;
  routes: Router;
}

/**
 * The Express app every service runs: security headers, request ids and JSON logs, a capped JSON body,
 * health and readiness, the service's routes, and problem+json for everything that goes wrong.
 */
export function createServiceApp({ name, version, db, logger, bodyLimit, routes }: ServiceAppOptions) {
  const app = express();
  // Services sit behind the shell's proxy (or an ingress) on loopback; client addresses come from X-Forwarded-For.
  app.set('trust proxy', 'loopback');
  app.use(helmet());
  app.use(
    requestLogging(logger, {
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
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
  return app;
}
