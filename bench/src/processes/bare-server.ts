import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { assignRequestId, createLogger, logWhenAnswered } from '@storefront/server-kit';

/**
 * The load reference, in a process of its own (as each service is): a bare node:http server answering
 * the bytes of BODY_FILE on PORT, as CONTENT_TYPE (JSON by default); with LOG_FILE, it also writes the
 * services' request log line there, which prices the logging.
 */
const body = readFileSync(process.env.BODY_FILE!);
const contentType = process.env.CONTENT_TYPE ?? 'application/json';
const logger = process.env.LOG_FILE ? createLogger('bare', 'info', process.env.LOG_FILE) : null;

createServer((req, res) => {
  if (logger) {
    assignRequestId(req, res);
    logWhenAnswered(logger, req, res);
  }
  res.writeHead(200, { 'Content-Type': contentType }).end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
