import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { loadShedder, type ShedSettings } from './load-shedding';

/** Keeps this process's only thread busy, as a crowd's work does: nothing else runs meanwhile. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const SETTINGS: ShedSettings = { targetMs: 20, intervalMs: 100, minInFlight: 0, retryAfterSeconds: 2 };

/** A server admitting through the shedder. */
async function shedServer(settings: ShedSettings) {
  const shedder = loadShedder(settings);
  // Requests to /held/… stay unanswered until the test lets them go: shoppers being answered.
  const held: Array<() => void> = [];
  const server = createServer((req, res) => {
    if (!shedder.admit(req, res)) return;
    if (req.url?.startsWith('/held/')) return void held.push(() => res.end('answered'));
    res.end('answered');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  async function open() {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    return socket;
  }
  const write = (socket: Socket, path: string) =>
    socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`);
  /** A request for `path`, written on a connection already open. */
  async function send(path: string) {
    const socket = await open();
    write(socket, path);
    return socket;
  }
  /** `count` requests left unanswered, as shoppers still being answered, until they are answered or leave. */
  async function hold(count: number) {
    const first = held.length;
    const sockets = await Promise.all(Array.from({ length: count }, (_, i) => send(`/held/${i}`)));
    while (held.length < first + count) await new Promise((resolve) => setTimeout(resolve, 5));
    return {
      answer: () => held.slice(first, first + count).forEach((answer) => answer()),
      leave: () => sockets.forEach((socket) => socket.destroy()),
    };
  }
  return {
    shedder,
    hold,
    /**
     * The whole answer to one request, sent on a connection already open, after the loop was kept busy
     * for `busyMs` meanwhile: the request waits in its socket, as behind a crowd. With `standingMs`, the
     * loop is first kept late at every turn for that long, and the request is written straight after,
     * with no idle turn between: an idle turn is a sample on time, which ends the standing wait.
     */
    async askAfterWaiting(path: string, busyMs: number, standingMs = 0): Promise<string> {
      const socket = await open();
      if (standingMs > 0) await standingWait(standingMs, 40);
      write(socket, path);
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      busyFor(busyMs);
      await once(socket, 'close');
      return answer;
    },
    close() {
      shedder.stop();
      server.close();
    },
  };
}

/** Keeps the loop late at every turn for `ms`: a standing queue, as under a crowd it cannot serve. */
async function standingWait(ms: number, busyMsPerTurn: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    busyFor(busyMsPerTurn);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('load shedding by waiting', () => {
  it('absorbs a burst: a request that waited past the target is answered while the wait has not stood', async () => {
    // An interval of a second: on a busy machine the test's own start can keep the loop late for more
    // than 100 ms, which is a wait that stood, and then a refusal is right.
    const { shedder, askAfterWaiting, close } = await shedServer({ ...SETTINGS, intervalMs: 1000 });
    try {
      expect(shedder.overloaded()).toBe(false);
      const answer = await askAfterWaiting('/product/bpc-157', 60);
      expect(answer).toMatch(/^HTTP\/1.1 200/);
    } finally {
      close();
    }
  });

  it('refuses, once the wait has stood above the target for an interval, what waited past the target', async () => {
    const { askAfterWaiting, close } = await shedServer(SETTINGS);
    try {
      const page = await askAfterWaiting('/product/bpc-157', 60, 250);
      expect(page).toMatch(/^HTTP\/1.1 503/);
      expect(page).toMatch(/retry-after: 2/i);
      expect(page).toMatch(/cache-control: no-store/i);
      expect(page).toContain('The shop is busy. Please try again in a moment.');

      const api = await askAfterWaiting('/api/checkout/orders', 60, 150);
      expect(api).toMatch(/^HTTP\/1.1 503/);
      expect(api).toMatch(/content-type: application\/problem\+json/i);
      expect(api).toContain('"detail":"The shop is busy. Please try again in a moment."');

      // An orchestrator's probes are answered however long they waited.
      expect(await askAfterWaiting('/healthz', 60, 150)).toMatch(/^HTTP\/1.1 200/);
    } finally {
      close();
    }
  });

  it('refuses nobody while fewer than minInFlight requests are being answered: a slow start is no crowd', async () => {
    const { shedder, hold, askAfterWaiting, close } = await shedServer({ ...SETTINGS, minInFlight: 3 });
    try {
      await standingWait(250, 40);
      expect(shedder.overloaded()).toBe(true);
      const two = await hold(2);
      expect(await askAfterWaiting('/product/bpc-157', 60, 150)).toMatch(/^HTTP\/1.1 200/);
      two.answer();
      // Three shoppers being answered, the wait standing: a queue, and the next who waited is refused.
      const three = await hold(3);
      expect(await askAfterWaiting('/product/bpc-157', 60, 150)).toMatch(/^HTTP\/1.1 503/);
      // Shoppers who leave before their answer are no longer counted: two new ones are no queue.
      three.leave();
      const stayed = await hold(2);
      expect(await askAfterWaiting('/product/bpc-157', 60, 150)).toMatch(/^HTTP\/1.1 200/);
      stayed.answer();
    } finally {
      close();
    }
  });

  it('takes everyone again once the wait no longer stands', async () => {
    const { shedder, askAfterWaiting, close } = await shedServer(SETTINGS);
    try {
      await standingWait(250, 40);
      expect(shedder.overloaded()).toBe(true);
      // An interval with the loop on time, and the shell counts as overloaded no more.
      await new Promise((resolve) => setTimeout(resolve, 2 * SETTINGS.intervalMs));
      expect(shedder.overloaded()).toBe(false);
      expect(await askAfterWaiting('/product/bpc-157', 60)).toMatch(/^HTTP\/1.1 200/);
    } finally {
      close();
    }
  });

  it('admits a request however long it waited while the wait has not stood (a pause, not a queue)', async () => {
    const { shedder, askAfterWaiting, close } = await shedServer(SETTINGS);
    try {
      expect(shedder.overloaded()).toBe(false);
      expect(await askAfterWaiting('/product/bpc-157', 150)).toMatch(/^HTTP\/1.1 200/);
    } finally {
      close();
    }
  });

  it('admits everything when the target is 0', async () => {
    const { askAfterWaiting, close } = await shedServer({ ...SETTINGS, targetMs: 0 });
    try {
      expect(await askAfterWaiting('/product/bpc-157', 150, 250)).toMatch(/^HTTP\/1.1 200/);
    } finally {
      close();
    }
  });
});
