import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Failures that mean nothing answered: nothing listening (refused, or a stopped service's Unix socket
 * gone), or the connection died before an answer (reset, closed, or, for a request written onto a kept-alive
 * connection whose process had just been killed, EPIPE). The service is down or restarting, and a request that
 * is safe to repeat may be sent again.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a failed call never got an answer from a service that was down or restarting. */
export function isUnreachable(error: unknown): boolean {
  // Duck-typed rather than instanceof Error: an error made in another realm (a test runner's) is one too.
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as Error).cause) {
    if (UNREACHABLE.has((cause as NodeJS.ErrnoException).code ?? '')) return true;
  }
  return false;
}

/** The first pause before a held request is sent again; each pause doubles, up to the last. */
const FIRST_PAUSE_MS = 50;
const LAST_PAUSE_MS = 400;

/** The pause after `pause`. */
export const nextPause = (pause: number) => Math.min(pause * 2, LAST_PAUSE_MS);
export { FIRST_PAUSE_MS };

/**
 * Sends a request that is safe to repeat, again and again while its service cannot be reached (a
 * restart takes about a second), for up to `holdMs`: what a shopper would otherwise see as a failure
 * becomes a short wait. Any other failure, or one past the hold, is the caller's.
 */
export async function holdThroughOutage<T>(send: () => Promise<T>, holdMs: number): Promise<T> {
  const deadline = Date.now() + holdMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = nextPause(pause)) {
    try {
      return await send();
    } catch (error) {
      if (!isUnreachable(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}
