import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeProblem } from '@storefront/server-kit';

/** Probes answer however busy the shell is: an orchestrator must see it alive and ready. */
const PROBES = new Set(['/healthz', '/readyz']);
const BUSY = 'The shop is busy. Please try again in a moment.';
const BUSY_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Busy</title><p>${BUSY}</p></html>`;

export interface LoadShedder {
  /** Whether the request may be answered; when not, it has been answered with a 503 already. */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  inFlight(): number;
}

/**
 * Past `maxInFlight` requests being answered at once, the shell refuses more straight away (503 with
 * Retry-After) rather than queueing them: in a crowd a shopper gets a quick "try again" instead of a
 * wait of seconds that times out anyway, and what is accepted does not wait behind a queue; the shell
 * takes everyone again as soon as the crowd thins. 0 admits every request.
 */
export function loadShedder(maxInFlight: number, retryAfterSeconds: number): LoadShedder {
  let inFlight = 0;
  // One function for every answer: nothing is made per request on this path but the count.
  const answered = () => {
    inFlight -= 1;
  };
  const refuse = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('retry-after', String(retryAfterSeconds));
    if (req.url?.startsWith('/api/')) return writeProblem(res, { status: 503, title: 'Busy', detail: BUSY });
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(BUSY_PAGE);
  };
  return {
    admit(req, res) {
      if (maxInFlight === 0 || PROBES.has(req.url ?? '')) return true;
      if (inFlight >= maxInFlight) {
        refuse(req, res);
        return false;
      }
      inFlight += 1;
      // 'close' comes once, when the answer is sent or the shopper has gone, whichever is first.
      res.on('close', answered);
      return true;
    },
    inFlight: () => inFlight,
  };
}
