import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER, type Logger } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

function sendProblem(res: ServerResponse | Socket, status: number, title: string, detail: string) {
  if (!('writeHead' in res) || res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/problem+json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ type: 'about:blank', title, status, detail }));
}

/**
 * Forwards /api/<module>/* to the module's service with the request id and the client's address.
 * A service that is down answers 503, one that is too slow 504, both as problem+json the page can show.
 */
export function apiProxy(module: string, target: string, timeoutMs: number, logger: Logger) {
  const timedOut = new WeakSet<object>();
  return createProxyMiddleware<Request, Response>({
    target,
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setHeader(REQUEST_ID_HEADER, String(req.id));
        // The proxy aborts a slow upstream, which surfaces as a reset; remember that it was a timeout.
        proxyReq.once('timeout', () => timedOut.add(req));
      },
      error: (error, req, res) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        logger.warn({ module, code, requestId: req.id }, 'service unreachable through proxy');
        if (timedOut.has(req) || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') {
          return sendProblem(res, 504, 'Service timed out', `The ${module} service took too long to answer.`);
        }
        if (
          code === 'ECONNREFUSED' ||
          code === 'ENOTFOUND' ||
          code === 'EHOSTUNREACH' ||
          code === 'ECONNRESET'
        ) {
          return sendProblem(
            res,
            503,
            'Service unavailable',
            `The ${module} service is unavailable right now. Please try again shortly.`,
          );
        }
        return sendProblem(res, 502, 'Bad gateway', `The ${module} service could not be reached.`);
      },
    },
  });
}
