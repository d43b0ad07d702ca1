import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLineLoggerOf, type Logger } from './logger';

export const REQUEST_ID_HEADER = 'x-request-id';

declare module 'node:http' {
  interface IncomingMessage {
    /** This request's id: the caller's when sane, else a new one (set by `assignRequestId`). */
    id?: string;
  }
}

/** Keeps a caller's request id when it is a sane token, so one id follows a request from browser to service. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && /^[A-Za-z0-9._:-]{1,100}$/.test(candidate) ? candidate : randomUUID();
}

/** Gives the request its id and echoes it to the caller. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * One JSON line per request once it is answered (or abandoned): id, method, URL, status and time.
 * Kept this small on purpose: it runs on every request of the read paths, where a fuller line
 * (headers, serializers) cost more than the answer itself. `loggedElsewhere` lets a caller leave out
 * a completed answer below 500 that another process has logged already (the gateway's relays); an
 * abandoned or failed request always gets its line.
 */
/** Query parameters that carry a credential: a sign-in link's token, a code to exchange, a key. */
const CREDENTIAL_PARAMETERS =
  /([?&](?:token|token_hash|code|code_verifier|access_token|refresh_token|password|apikey|key)=)[^&#]*/gi;

/**
 * A request's URL as its log line may hold it: the values of credential parameters blanked (a line with
 * `/auth/v1/verify?token=…` would be a live sign-in link for anyone who reads the logs).
 */
export const loggableUrl = (url: string | undefined) =>
  url?.includes('?') ? url.replace(CREDENTIAL_PARAMETERS, '$1[redacted]') : url;

export function logWhenAnswered(
  serviceLogger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  loggedElsewhere?: (res: ServerResponse) => boolean,
): void {
  const logger = requestLineLoggerOf(serviceLogger);
  const startedAt = performance.now();
  // Read now: routers rewrite req.url for the handlers they mount.
  const { method } = req;
  const url = loggableUrl(req.url);
  res.once('close', () => {
    const statusCode = res.statusCode;
    const finished = res.writableFinished;
    if (finished && statusCode < 500 && loggedElsewhere?.(res)) return;
    const line = {
      reqId: req.id,
      method,
      url,
      statusCode,
      responseTime: Math.round((performance.now() - startedAt) * 10) / 10,
    };
    if (!finished) logger.warn(line, 'request aborted');
    else if (statusCode >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request completed');
  });
}

/**
 * Requests made on a timer, not worth a log line each: probes from the supervisor or an orchestrator
 * (every few seconds), and other services' version checks, a HEAD on an /internal/ read several times
 * a second per instance so that a change is seen within a second.
 */
export const isRoutineProbe = (req: IncomingMessage) =>
  req.url === '/healthz' ||
  req.url === '/readyz' ||
  (req.method === 'HEAD' && req.url?.startsWith('/internal/') === true);

/**
 * The request id and log line every service and the shell use, as Express middleware; `ignore` skips
 * the log line (never the id) for requests not worth one, such as routine probes.
 */
export function requestLogging(logger: Logger, ignore: (req: IncomingMessage) => boolean = () => false) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    assignRequestId(req, res);
    if (!ignore(req)) logWhenAnswered(logger, req, res);
    next();
  };
}
