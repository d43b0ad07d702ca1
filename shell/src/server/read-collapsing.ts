import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher, Pool } from 'undici';

/** An answer read whole, to be sent to every shopper who asked for it. */
export interface SharedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One shopper's read, waiting for its answer. */
export interface WaitingRead {
  /** The headers to send the service, were this read the one sent. */
  headers: string[];
  /** Sends the shared answer; `own` when this read is the one that was sent. */
  answer(shared: SharedAnswer, own: boolean): void;
  /** Relays, as it comes, the answer to this read that was sent and may not be shared. */
  relay(status: number, headers: IncomingHttpHeaders, body: Readable): void;
  /** Sends this read on its own, as if nothing had been shared. */
  alone(): void;
}

/** Request headers that make one read another's: sent on their own, never shared. */
const PERSONAL_REQUEST_HEADERS = ['authorization', 'range'] as const;

/** The largest answer read whole to be shared (by its Content-Length); a longer one is relayed to each. */
const MAX_SHARED_BYTES = 1024 * 1024;
/** How long a path whose answer was not for everyone is sent alone before it is tried again. */
const PERSONAL_FOR_MS = 10_000;
/** Paths remembered as personal at most per service (shoppers choose query strings). */
const MAX_PERSONAL_PATHS = 1_000;

/** Whether a read may wait to share an answer: a GET that names nobody in particular. */
export const mayShare = (req: IncomingMessage) =>
  req.method === 'GET' && PERSONAL_REQUEST_HEADERS.every((name) => req.headers[name] === undefined);

/**
 * Whether an answer is the same for everyone who asks (RFC 9111's shared-cache rules, at their
 * strictest): a 200 its service marked public, setting no cookie and varying on nothing.
 */
function isForEveryone({ status, headers }: { status: number; headers: IncomingHttpHeaders }): boolean {
  const directives = String(headers['cache-control'] ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  return (
    status === 200 &&
    directives.includes('public') &&
    !directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache') &&
    headers['set-cookie'] === undefined &&
    headers.vary === undefined
  );
}

/**
 * The answer, read whole when it may be shared and is short enough; otherwise handed over unread
 * (`unshared`), to be relayed as it comes to the one read it answers.
 */
async function readAnswer(
  pool: Pool,
  path: string,
  headers: string[],
): Promise<{ shared: SharedAnswer } | { unshared: Dispatcher.ResponseData }> {
  const answer = await pool.request({ path, method: 'GET', headers });
  const length = Number(answer.headers['content-length']);
  const shareable = isForEveryone({ status: answer.statusCode, headers: answer.headers });
  if (!shareable || !(length <= MAX_SHARED_BYTES)) return { unshared: answer };
  const body = Buffer.from(await answer.body.arrayBuffer());
  return { shared: { status: answer.statusCode, headers: answer.headers, body } };
}

/** What is going on for one path of one service: whether a read is on its way, and who waits for the next. */
interface PathState {
  waitingForNext: WaitingRead[];
}

/**
 * Identical reads that arrive together are sent to their service once, and its answer goes to each
 * (a crowd on the home page's products costs the service one read at a time, not one per shopper).
 * A read never shares an answer to a request sent before it arrived: while one is on its way, the
 * reads that arrive wait for the next, sent as soon as it is back. So a price changed, a deploy or a
 * rollback shows on the next read, as without sharing. Only answers for everyone are shared (see
 * `isForEveryone`); when one is not, the others waiting are sent alone, and that path goes alone for
 * a while. Conditional headers are left out of the read that is sent: each shopper's If-None-Match is
 * answered from the shared answer's ETag. `failedToAnswer` hears of a failure to answer the waiting
 * reads themselves (a bug: nothing is expected to fail there).
 */
export function createReadCollapsing(failedToAnswer: (error: unknown) => void) {
  const onTheirWay = new WeakMap<Pool, Map<string, PathState>>();
  const personal = new WeakMap<Pool, Map<string, number>>();

  const isPersonal = (pool: Pool, path: string) => {
    const since = personal.get(pool)?.get(path);
    return since !== undefined && Date.now() - since < PERSONAL_FOR_MS;
  };
  const rememberPersonal = (pool: Pool, path: string) => {
    let paths = personal.get(pool);
    if (!paths) personal.set(pool, (paths = new Map()));
    if (paths.size >= MAX_PERSONAL_PATHS) paths.clear();
    paths.set(path, Date.now());
  };

  function send(pool: Pool, path: string, reads: WaitingRead[], states: Map<string, PathState>) {
    const [sent, ...others] = reads as [WaitingRead, ...WaitingRead[]];
    readAnswer(pool, path, sent.headers)
      .then(
        (answer) => {
          if ('shared' in answer) {
            for (const read of reads) read.answer(answer.shared, read === sent);
            return;
          }
          rememberPersonal(pool, path);
          const { statusCode, headers, body } = answer.unshared;
          sent.relay(statusCode, headers, body);
          for (const read of others) read.alone();
        },
        // Each is sent again on its own, and meets the failure (or the outage hold) as it would have.
        () => {
          for (const read of reads) read.alone();
        },
      )
      .catch(failedToAnswer)
      .finally(() => {
        const state = states.get(path)!;
        if (state.waitingForNext.length === 0) return void states.delete(path);
        const next = state.waitingForNext;
        state.waitingForNext = [];
        send(pool, path, next, states);
      });
  }

  /** Reads `path` from the service behind `pool`, sharing the answer with identical reads. */
  return function read(pool: Pool, path: string, waiting: WaitingRead): void {
    if (isPersonal(pool, path)) return waiting.alone();
    let states = onTheirWay.get(pool);
    if (!states) onTheirWay.set(pool, (states = new Map()));
    const state = states.get(path);
    if (state) return void state.waitingForNext.push(waiting);
    states.set(path, { waitingForNext: [] });
    send(pool, path, [waiting], states);
  };
}

/** Request headers left out of a read that is shared: each shopper's condition is answered by the gateway. */
export const CONDITIONAL_REQUEST_HEADERS = new Set(['if-none-match', 'if-modified-since']);
