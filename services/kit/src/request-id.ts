import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type Options } from 'pino-http';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Keeps a caller's request id when it is a sane token, so one id follows a request from browser to service. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && /^[A-Za-z0-9._:-]{1,100}$/.test(candidate) ? candidate : randomUUID();
}

/**
 * JSON request logs carrying the request id, which is also echoed to the caller; the shell and every
 * service log the same id for one request.
 */
export function requestLogging(
  logger: Logger,
  options: Pick<Options, 'autoLogging' | 'customLogLevel'> = {},
) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    ...options,
  });
}
