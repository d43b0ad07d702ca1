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

/**
 * SQLSTATEs of a database that went away: a connection exception (class 08), or the server terminating
 * sessions as it shuts down, crashes or is not yet accepting connections (57P01–57P03).
 */
const DATABASE_GONE = /^(08[0-9A-Z]{3}|57P0[123])$/;
/** What node-postgres says of a connection that dropped with no SQLSTATE. */
const CONNECTION_DROPPED = /^Connection terminated|^Client has encountered a connection error/;

/**
 * Whether a database call failed because the database could not be reached or dropped the connection
 * (a restart, a failover): the statement's transaction did not survive, and a use case safe to repeat
 * (keyed, so a second run finds what a first may have stored) may run again.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (isUnreachable(error)) return true;
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as Error).cause) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DATABASE_GONE.test(code)) return true;
    if (typeof message === 'string' && CONNECTION_DROPPED.test(message)) return true;
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
 * Sends a request that is safe to repeat, again and again while what it needs cannot be reached (a
 * service's or the database's restart takes a second or two), for up to `holdMs`: what a shopper would
 * otherwise see as a failure becomes a short wait. Any other failure, or one past the hold, is the
 * caller's. `isOutage` says which failures are an outage: by default, a service that did not answer.
 */
export async function holdThroughOutage<T>(
  send: () => Promise<T>,
  holdMs: number,
  isOutage: (error: unknown) => boolean = isUnreachable,
): Promise<T> {
  const deadline = Date.now() + holdMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = nextPause(pause)) {
    try {
      return await send();
    } catch (error) {
      if (!isOutage(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}
