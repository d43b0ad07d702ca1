import { once } from 'node:events';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Representation } from '@storefront/server-kit';
import { Pool } from 'undici';
import { createReadCollapsing, mayShare, type WaitingRead } from './read-collapsing';

interface ServiceAnswer {
  status?: number;
  headers?: OutgoingHttpHeaders;
  body?: string;
}

/**
 * What a test waits for, failing once it has waited three seconds (a loopback read takes milliseconds):
 * a change that leaves a read unanswered fails at once rather than at the suite's time-out.
 */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within 3 s`)), 3_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const FOR_EVERYONE = { 'cache-control': 'public, max-age=0', etag: '"v1"', 'content-type': 'text/plain' };

/**
 * A real service on loopback whose reads are answered only when the test says: what it was sent, and
 * the answer to the oldest read it holds (or the socket cut, as a dying service does).
 */
async function heldService() {
  const received: IncomingMessage[] = [];
  const held: Array<(answer: ServiceAnswer | 'cut') => void> = [];
  const arrived: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    received.push(req);
    held.push((answer) => {
      if (answer === 'cut') return void req.socket.destroy();
      const body = answer.body ?? 'products';
      res.writeHead(answer.status ?? 200, { 'content-length': Buffer.byteLength(body), ...answer.headers });
      res.end(body);
    });
    arrived.shift()?.();
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    pool,
    received,
    /** Answers the oldest read the service holds, once one has arrived. */
    async answer(answer: ServiceAnswer | 'cut' = { headers: FOR_EVERYONE }) {
      if (held.length === 0)
        await within(new Promise<void>((resolve) => arrived.push(resolve)), 'a read reaching the service');
      held.shift()!(answer);
    },
    async close() {
      await pool.close();
      server.closeAllConnections();
      server.close();
    },
  };
}

type Outcome =
  | { kind: 'answered'; shared: Representation; own: boolean }
  | { kind: 'relayed'; status: number; body: string }
  | { kind: 'alone' };

/** A shopper's read as the gateway makes it, recording how it was answered. */
function shopperRead(headers: string[] = []): WaitingRead & { outcome: Promise<Outcome> } {
  let settle!: (outcome: Outcome) => void;
  const outcome = within(new Promise<Outcome>((resolve) => (settle = resolve)), 'an answer to the shopper');
  // Read or not, a shopper left unanswered fails the test that awaits it, and no other.
  outcome.catch(() => undefined);
  return {
    headers,
    outcome,
    answer: (shared, own) => settle({ kind: 'answered', shared, own }),
    alone: () => settle({ kind: 'alone' }),
    relay() {
      let status = 0;
      const chunks: Buffer[] = [];
      return {
        onResponseStart: (_controller, statusCode) => void (status = statusCode),
        onResponseData: (_controller, chunk) => void chunks.push(chunk),
        onResponseEnd: () => settle({ kind: 'relayed', status, body: Buffer.concat(chunks).toString() }),
        onResponseError: () => settle({ kind: 'alone' }),
      };
    },
  };
}

describe('reads collapsed at the gateway', () => {
  let service: Awaited<ReturnType<typeof heldService>>;
  let failures: unknown[];
  let read: ReturnType<typeof createReadCollapsing>;
  beforeEach(async () => {
    service = await heldService();
    failures = [];
    read = createReadCollapsing((error) => failures.push(error));
  });
  afterEach(async () => {
    await service.close();
    expect(failures).toEqual([]);
  });

  const body = (outcome: Outcome) => (outcome.kind === 'answered' ? outcome.shared.body.toString() : null);

  it('sends reads that arrive while one is on its way once, after it, and gives each the newer answer', async () => {
    const first = shopperRead(['x-shopper', 'first']);
    read(service.pool, '/home-products', first);
    const second = shopperRead(['x-shopper', 'second']);
    const third = shopperRead(['x-shopper', 'third']);
    read(service.pool, '/home-products', second);
    read(service.pool, '/home-products', third);

    await service.answer({ headers: { ...FOR_EVERYONE, etag: '"old"' }, body: 'old prices' });
    const answered = await first.outcome;
    expect(answered).toMatchObject({ kind: 'answered', own: true });
    expect(body(answered)).toBe('old prices');

    // The two that arrived while the first was on its way were not given its answer: one read for them.
    await service.answer({ headers: { ...FOR_EVERYONE, etag: '"new"' }, body: 'new prices' });
    const [forSecond, forThird] = await Promise.all([second.outcome, third.outcome]);
    expect(forSecond).toMatchObject({ kind: 'answered', own: true, shared: { etag: '"new"' } });
    expect(forThird).toMatchObject({ kind: 'answered', own: false, shared: { etag: '"new"' } });
    expect([body(forSecond), body(forThird)]).toEqual(['new prices', 'new prices']);
    expect(service.received.map((req) => req.headers['x-shopper'])).toEqual(['first', 'second']);
  });

  it("shares the service's headers, but not its connection's nor its request id; a repeated one is joined", async () => {
    const shopper = shopperRead();
    read(service.pool, '/catalogue', shopper);
    await service.answer({
      headers: {
        ...FOR_EVERYONE,
        'x-request-id': 'the-first-shoppers',
        'keep-alive': 'timeout=5',
        link: ['<a>', '<b>'],
      },
    });
    const outcome = await shopper.outcome;
    expect(outcome.kind).toBe('answered');
    const { headers, etag } = (outcome as Extract<Outcome, { kind: 'answered' }>).shared;
    expect(etag).toBe('"v1"');
    expect(headers).toMatchObject({
      'cache-control': 'public, max-age=0',
      link: '<a>, <b>',
      'content-length': '8',
    });
    for (const name of ['x-request-id', 'keep-alive', 'connection']) expect(headers).not.toHaveProperty(name);
  });

  it.each<[string, ServiceAnswer]>([
    ['private', { headers: { ...FOR_EVERYONE, 'cache-control': 'private, max-age=60' } }],
    ['not public', { headers: { ...FOR_EVERYONE, 'cache-control': 'max-age=60' } }],
    ['public but no-store', { headers: { ...FOR_EVERYONE, 'cache-control': 'public, no-store' } }],
    ['public but no-cache', { headers: { ...FOR_EVERYONE, 'cache-control': 'public, NO-CACHE' } }],
    ['setting a cookie', { headers: { ...FOR_EVERYONE, 'set-cookie': 'cart=1' } }],
    ['varying', { headers: { ...FOR_EVERYONE, vary: 'accept-language' } }],
    ['without an ETag', { headers: { 'cache-control': 'public' } }],
    ['not a 200', { status: 404, headers: FOR_EVERYONE, body: 'no such product' }],
    ['over a megabyte', { headers: FOR_EVERYONE, body: 'x'.repeat(1024 * 1024 + 1) }],
  ])(
    'relays an answer %s to the read sent, sends the others alone, and that path alone for a while',
    async (_case, answer) => {
      const sent = shopperRead();
      const waiting = shopperRead();
      read(service.pool, '/personal', sent);
      read(service.pool, '/personal', waiting);
      await service.answer(answer);
      expect(await sent.outcome).toEqual({
        kind: 'relayed',
        status: answer.status ?? 200,
        body: answer.body ?? 'products',
      });
      expect(await waiting.outcome).toEqual({ kind: 'alone' });

      const later = shopperRead();
      read(service.pool, '/personal', later);
      expect(await later.outcome).toEqual({ kind: 'alone' });
      // Another path of the same service is still shared.
      const elsewhere = shopperRead();
      read(service.pool, '/elsewhere', elsewhere);
      await service.answer();
      expect(await elsewhere.outcome).toMatchObject({ kind: 'answered', own: true });
      expect(service.received.map((req) => req.url)).toEqual(['/personal', '/elsewhere']);
    },
  );

  it('shares a path found personal again once ten seconds have passed', async () => {
    const sent = shopperRead();
    read(service.pool, '/personal', sent);
    await service.answer({ headers: { 'cache-control': 'private' } });
    await sent.outcome;
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(now + 9_900);
      const soon = shopperRead();
      read(service.pool, '/personal', soon);
      expect(await soon.outcome).toEqual({ kind: 'alone' });
      clock.mockReturnValue(now + 10_100);
      const later = shopperRead();
      read(service.pool, '/personal', later);
      await service.answer();
      expect(await later.outcome).toMatchObject({ kind: 'answered', own: true });
    } finally {
      clock.mockRestore();
    }
  });

  it('sends every read of a trip the service drops alone, and the next read on a trip of its own', async () => {
    const first = shopperRead();
    read(service.pool, '/dying', first);
    const [second, third] = [shopperRead(), shopperRead()];
    read(service.pool, '/dying', second);
    read(service.pool, '/dying', third);
    await service.answer('cut');
    expect(await first.outcome).toEqual({ kind: 'alone' });
    // The two that waited went on a trip of their own, dropped too.
    await service.answer('cut');
    expect(await second.outcome).toEqual({ kind: 'alone' });
    expect(await third.outcome).toEqual({ kind: 'alone' });

    const next = shopperRead();
    read(service.pool, '/dying', next);
    await service.answer();
    expect(await next.outcome).toMatchObject({ kind: 'answered', own: true });
    expect(service.received).toHaveLength(3);
  });

  it('answers every waiting read when answering one fails, and reports the failure', async () => {
    const broken = shopperRead();
    broken.answer = () => {
      throw new Error('a bug answering one shopper');
    };
    const other = shopperRead();
    read(service.pool, '/products', broken);
    read(service.pool, '/products', shopperRead());
    read(service.pool, '/products', other);
    await service.answer();
    await service.answer();
    expect(await other.outcome).toMatchObject({ kind: 'answered', own: false });
    expect(failures).toEqual([new Error('a bug answering one shopper')]);
    failures.length = 0;
  });
});

describe('which reads may share', () => {
  const incoming = (method: string, headers: Record<string, string> = {}) =>
    ({ method, headers }) as unknown as IncomingMessage;

  it('is a GET naming nobody: no credentials, no range', () => {
    expect(mayShare(incoming('GET'))).toBe(true);
    expect(mayShare(incoming('GET', { 'if-none-match': '"v1"' }))).toBe(true);
    expect(mayShare(incoming('HEAD'))).toBe(false);
    expect(mayShare(incoming('POST'))).toBe(false);
    expect(mayShare(incoming('GET', { authorization: 'Bearer t' }))).toBe(false);
    expect(mayShare(incoming('GET', { range: 'bytes=0-10' }))).toBe(false);
  });
});
