import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { writeProblem } from '@storefront/server-kit';

/** Probes answer however busy the shell is: an orchestrator must see it alive and ready. */
const PROBES = new Set(['/healthz', '/readyz']);
const BUSY = 'The shop is busy. Please try again in a moment.';
const BUSY_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Busy</title><p>${BUSY}</p></html>`;

/** How often the loop's lateness is sampled: fine enough to see a standing delay within an interval. */
const TICK_MS = 10;

export interface ShedSettings {
  /** The wait a shopper's request may have once the shell is overloaded (CoDel's target). 0 admits all. */
  targetMs: number;
  /** How long the wait must stay above the target before the shell counts as overloaded (CoDel's interval). */
  intervalMs: number;
  /**
   * The requests being answered at once below which nothing is refused, however late the loop (CoDel's
   * "queue of more than one packet"): a slow start or a busy machine with a few shoppers is no crowd,
   * and turning those few away frees nothing.
   */
  minInFlight: number;
  retryAfterSeconds: number;
}

export interface LoadShedder {
  /** Whether the request may be answered; when not, it has been answered with a 503 already. */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /** Whether the wait has stood above the target for a whole interval. */
  overloaded(): boolean;
  /** Stops sampling (a shell shutting down, a test). */
  stop(): void;
}

/**
 * Refuses by waiting, not by count, in the manner of CoDel (Nichols and Jacobson) as servers apply it
 * (Facebook's adaptive queue timeouts). A request reaches the shell's code only when the event loop
 * comes round to its socket, so how late the loop is, is how long a request waits before anything is
 * done for it. A timer due every 10 ms measures that lateness. A request being admitted arrived at the
 * latest during the loop's previous turn, which the timer's last lateness measured, and has waited
 * through this turn so far: their sum is its wait (at most).
 *
 * While the wait has not stood above `targetMs` for a whole `intervalMs`, every request is admitted:
 * a burst, a pause for garbage collection or a machine busy elsewhere for a moment leaves some sample
 * on time. Once it has (the loop late at every sample of an interval: a standing queue, a crowd the
 * machine cannot serve), a request that has already waited past `targetMs` is refused straight away
 * with 503 and Retry-After: refusing costs almost nothing, so the loop catches up, and those admitted
 * are answered within the target instead of everyone waiting seconds and timing out; that only while at
 * least `minInFlight` requests are being answered, so that the lateness is a queue of shoppers and not
 * the shell's own start. The shell takes everyone again once an interval has a sample on time.
 */
export function loadShedder({
  targetMs,
  intervalMs,
  minInFlight,
  retryAfterSeconds,
}: ShedSettings): LoadShedder {
  let inFlight = 0;
  // One function for every answer: nothing is made per request on this path but the count.
  const answered = () => {
    inFlight -= 1;
  };
  let lastTick = performance.now();
  let lastLateness = 0;
  // The least lateness seen in the interval running now and how many samples it has, and whether the
  // last whole one stood above target. One sample is one long turn (a pause), not a queue: it takes two.
  let intervalStart = lastTick;
  let leastLateness = Infinity;
  let samples = 0;
  let standing = false;
  const sampler = setInterval(() => {
    const now = performance.now();
    lastLateness = Math.max(0, now - lastTick - TICK_MS);
    leastLateness = Math.min(leastLateness, lastLateness);
    samples += 1;
    lastTick = now;
    if (now - intervalStart >= intervalMs) {
      standing = samples >= 2 && leastLateness > targetMs;
      intervalStart = now;
      leastLateness = Infinity;
      samples = 0;
    }
  }, TICK_MS);
  sampler.unref();

  const refuse = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('retry-after', String(retryAfterSeconds));
    if (req.url?.startsWith('/api/')) return writeProblem(res, { status: 503, title: 'Busy', detail: BUSY });
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(BUSY_PAGE);
  };
  return {
    admit(req, res) {
      if (targetMs === 0 || PROBES.has(req.url ?? '')) return true;
      const admitted =
        !standing || inFlight < minInFlight || lastLateness + performance.now() - lastTick <= targetMs;
      if (!admitted) {
        refuse(req, res);
        return false;
      }
      inFlight += 1;
      // 'close' comes once, when the answer is sent or the shopper has gone, whichever is first.
      res.on('close', answered);
      return true;
    },
    overloaded: () => standing,
    stop: () => clearInterval(sampler),
  };
}
