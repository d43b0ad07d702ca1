import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, type Representation } from '@storefront/server-kit';
import type { Dispatcher, Pool } from 'undici';
import { CONNECTION_HEADERS } from './connection-headers';

/** One shopper's read, waiting for its answer. */
export interface WaitingRead {
  /** The headers to send the service, were this read the one sent. */
  headers: string[];
  /** Sends the shared answer (or 304 for a shopper who holds it); `own` when this read is the one sent. */
  answer(shared: Representation, own: boolean): void;
  /**
   * The relay to this read's shopper of the answer to this read, as it comes, when it was the one sent
   * and its answer may not be shared; made only for the read sent.
   */
  relay(): Dispatcher.DispatchHandler;
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
 * strictest): a 200 its service marked public, setting no cookie and varying on nothing, short enough
 * to hold whole. It must carry an ETag too: the read sent for many leaves each shopper's conditions
 * out, and answers them from that ETag; without one, a shopper who holds the answer would be sent it
 * again, so such a read goes to the service with its conditions, alone.
 */
function isForEveryone(status: number, headers: IncomingHttpHeaders): boolean {
  const directives = String(headers['cache-control'] ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  return (
    status === 200 &&
    directives.includes('public') &&
    !directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache') &&
    headers['set-cookie'] === undefined &&
    headers.vary === undefined &&
    typeof headers.etag === 'string' &&
    Number(headers['content-length']) <= MAX_SHARED_BYTES
  );
}

/**
 * The service's headers as every shopper gets them: not the connection's, nor the request id (each has
 * their own). A header the service sent more than once is one, its values joined (RFC 9110, 5.3; no
 * Set-Cookie is ever shared).
 */
function headersForEveryone(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !CONNECTION_HEADERS.has(name) && name !== REQUEST_ID_HEADER)
      kept[name] = Array.isArray(value) ? value.join(', ') : value;
  return kept;
}

/**
 * The answer to a read sent for several: read whole when it is for everyone, then sent to each as a
 * representation; otherwise relayed as it comes to the read that was sent (`unshared` tells the
 * others to go alone). `settled` is called once the path may be read again: when the shared answer
 * is in, or the unshared one has begun, or the read failed (every read then goes alone, and meets
 * the failure or the outage hold as it would have).
 */
class AnswerForMany implements Dispatcher.DispatchHandler {
  private whole: { headers: IncomingHttpHeaders; chunks: Buffer[] } | null = null;
  private relayed = false;
  private answered = false;
  private readonly sent: WaitingRead;
  private readonly relay: Dispatcher.DispatchHandler;

  constructor(
    private readonly reads: readonly WaitingRead[],
    private readonly unshared: () => void,
    private readonly settled: () => void,
    private readonly failedToAnswer: (error: unknown) => void,
  ) {
    this.sent = reads[0]!;
    this.relay = this.sent.relay();
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown) {
    this.relay.onRequestStart?.(controller, context);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders) {
    if (isForEveryone(status, headers)) {
      this.whole = { headers, chunks: [] };
      return;
    }
    this.relayed = true;
    // The others first: whatever the relay's start throws (undici then aborts the read), they are sent.
    this.unshared();
    this.answerEach((read) => read !== this.sent && read.alone());
    this.relay.onResponseStart?.(controller, status, headers);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.relayed) this.relay.onResponseData?.(controller, chunk);
    else this.whole?.chunks.push(chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders) {
    if (this.relayed) return this.relay.onResponseEnd?.(controller, trailers);
    const { headers, chunks } = this.whole!;
    const shared: Representation = {
      body: Buffer.concat(chunks),
      etag: headers.etag as string,
      headers: headersForEveryone(headers),
    };
    this.answerEach((read) => read.answer(shared, read === this.sent));
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error) {
    if (this.relayed) return this.relay.onResponseError?.(controller, error);
    this.answerEach((read) => read.alone());
  }

  /**
   * Answers every read, then lets the path be read again, once whatever undici calls next; what fails
   * answering one read is a bug, reported, and the others are answered still.
   */
  private answerEach(answer: (read: WaitingRead) => void) {
    if (this.answered) return;
    this.answered = true;
    for (const read of this.reads) {
      try {
        answer(read);
      } catch (error) {
        this.failedToAnswer(error);
      }
    }
    this.settled();
  }
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
    // Once out of the service's answer (its handler's callbacks), the reads that waited are sent:
    // together, or each alone when the answer just found the path personal.
    const readAgain = () =>
      queueMicrotask(() => {
        const state = states.get(path)!;
        const next = state.waitingForNext;
        if (next.length === 0 || isPersonal(pool, path)) {
          states.delete(path);
          for (const read of next) read.alone();
          return;
        }
        state.waitingForNext = [];
        send(pool, path, next, states);
      });
    pool.dispatch(
      { path, method: 'GET', headers: reads[0]!.headers },
      new AnswerForMany(reads, () => rememberPersonal(pool, path), readAgain, failedToAnswer),
    );
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
