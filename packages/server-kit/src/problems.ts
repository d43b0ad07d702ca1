import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError, type FieldError, type Refusal } from './domain-errors';
import { isDatabaseUnreachable } from './outage-hold';

/** An error that becomes an `application/problem+json` response with a message a person can read. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    /** What went wrong underneath; logged for a 5xx, never sent. */
    cause?: unknown,
  ) {
    super(detail ?? title, { cause });
  }
}

const GENERIC_TITLES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  413: 'Request body too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'Service unavailable',
};

/** How long a client is asked to wait before trying again while a dependency is restarting. */
const OUTAGE_RETRY_AFTER_SECONDS = 1;

type ProblemFields = Pick<HttpProblem, 'status' | 'title' | 'detail' | 'errors'>;

/** The RFC 9457 body of a problem, as every answer in the storefront spells it. */
function problemJson(problem: ProblemFields): string {
  return JSON.stringify({
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
  });
}

/**
 * Writes a problem+json answer on a bare response, for code that answers before Express (or without
 * it): the same body and content type the app's handler sends.
 */
export function writeProblem(res: ServerResponse, problem: ProblemFields): void {
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
  });
  res.end(problemJson(problem));
}

function sendProblem(res: Parameters<RequestHandler>[1], problem: HttpProblem) {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.status(problem.status).type('application/problem+json').send(problemJson(problem));
}

export const notFoundHandler: RequestHandler = (req, res) => {
  sendProblem(res, new HttpProblem(404, 'Not found', `Nothing is served at ${req.method} ${req.path}.`));
};

/** What body-parser, path decoding and other middleware put on the errors they raise. */
interface BodyParserError {
  type?: string;
  limit?: number;
  status?: number;
  statusCode?: number;
}

/** The one place a domain refusal becomes an HTTP status. */
const STATUS_OF: Record<Refusal, number> = {
  malformed: 400,
  refused: 422,
  'not-found': 404,
  conflict: 409,
  unauthenticated: 401,
  forbidden: 403,
  'too-many': 429,
  'upstream-failed': 502,
  unavailable: 503,
};

/** The HTTP status a domain refusal is answered with, for a service answering in another shape. */
export const statusOfRefusal = (refusal: Refusal): number => STATUS_OF[refusal];

/** A domain refusal as the problem it is answered with. */
export function problemOf(error: DomainError): HttpProblem {
  return new HttpProblem(
    STATUS_OF[error.refusal],
    error.title,
    error.detail,
    undefined,
    error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) },
    error.cause,
  );
}

/** A body parser's limit in bytes as its setting spells it (16384: '16kb'). */
export function spelledBodyLimit(bytes: number): string {
  for (const [unit, size] of [
    ['mb', 1024 ** 2],
    ['kb', 1024],
  ] as const)
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}b`;
}

/** Turns every error into problem+json; internals (stack, SQL, messages of unexpected errors) stay in the log. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof DomainError) error = problemOf(error);
    if (error instanceof HttpProblem) {
      if (error.status >= 500) logger.warn({ reqId: req.id, err: error.cause }, error.title);
      return sendProblem(res, error);
    }
    const parserError = error as BodyParserError;
    // The limit is the parser's that refused the body: one app may take forms and reports of its own sizes.
    if (parserError.type === 'entity.too.large' && parserError.limit !== undefined) {
      return sendProblem(
        res,
        new HttpProblem(
          413,
          GENERIC_TITLES[413]!,
          `Request bodies are limited to ${spelledBodyLimit(parserError.limit)}.`,
        ),
      );
    }
    if (parserError.type === 'entity.parse.failed') {
      return sendProblem(res, new HttpProblem(400, 'Malformed JSON', 'The request body is not valid JSON.'));
    }
    if (parserError.type === 'encoding.unsupported' || parserError.type === 'charset.unsupported') {
      return sendProblem(res, new HttpProblem(415, GENERIC_TITLES[415]!, 'Send the body as UTF-8 JSON.'));
    }
    // Any other error that says it is the client's fault (a malformed escape in a path, a body whose
    // Content-Encoding is a lie) is answered with its own 4xx; its message stays in the log.
    const status = parserError.status ?? parserError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      logger.info({ reqId: req.id, err: error }, 'request refused');
      return sendProblem(
        res,
        new HttpProblem(
          status,
          GENERIC_TITLES[status] ?? GENERIC_TITLES[400]!,
          'The request cannot be read.',
        ),
      );
    }
    // The database (or a service) restarting is an outage of a moment, not a fault in this request.
    if (isDatabaseUnreachable(error)) {
      logger.warn({ reqId: req.id, err: error }, 'dependency unreachable');
      return sendProblem(
        res,
        new HttpProblem(503, GENERIC_TITLES[503]!, 'Please try again in a moment.', undefined, {
          'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS),
        }),
      );
    }
    logger.error({ reqId: req.id, err: error }, 'unhandled error');
    return sendProblem(res, new HttpProblem(500, GENERIC_TITLES[500]!, 'Please try again in a moment.'));
  };
}
