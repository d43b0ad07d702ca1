import { createServer, type Server } from 'node:http';
import { createInternalClient, isUnreachable, ServiceUnreachable } from '../src';
import { freePort } from '../src/testing';

/** A service that starts listening on `port` after `delayMs`, as a restarted one does. */
function serviceBackAfter(port: number, delayMs: number, seen: string[]): Promise<Server> {
  return new Promise((resolve) => {
    setTimeout(() => {
      const server = createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ back: true }));
      });
      server.listen(port, '127.0.0.1', () => resolve(server));
    }, delayMs);
  });
}

describe('a call to another service while it restarts', () => {
  it('is held and sent once the service listens again, when it is safe to repeat', async () => {
    const port = await freePort();
    const client = createInternalClient({
      service: 'catalog',
      baseUrl: `http://127.0.0.1:${port}`,
      serviceKey: 'key',
      timeoutMs: 2_000,
      outageHoldMs: 3_000,
    });
    const seen: string[] = [];
    const back = serviceBackAfter(port, 400, seen);
    try {
      const [read, quote] = await Promise.all([
        client.call({ method: 'GET', path: '/internal/product-summaries' }),
        client.call({ method: 'POST', path: '/internal/quote', body: {}, repeatable: true }),
      ]);
      expect([read.status, read.body, quote.status, quote.body]).toEqual([
        200,
        { back: true },
        200,
        { back: true },
      ]);
      expect(seen.sort()).toEqual(['GET /internal/product-summaries', 'POST /internal/quote']);
    } finally {
      await client.close();
      (await back).close();
    }
  });

  it('fails at once for a POST not said to be repeatable, and after the hold for the rest', async () => {
    const port = await freePort();
    const client = createInternalClient({
      service: 'catalog',
      baseUrl: `http://127.0.0.1:${port}`,
      serviceKey: 'key',
      timeoutMs: 2_000,
      outageHoldMs: 300,
    });
    try {
      let started = Date.now();
      await expect(
        client.call({ method: 'POST', path: '/internal/orders', body: {} }),
      ).rejects.toBeInstanceOf(ServiceUnreachable);
      expect(Date.now() - started).toBeLessThan(200);
      started = Date.now();
      await expect(
        client.call({ method: 'GET', path: '/internal/product-summaries' }),
      ).rejects.toBeInstanceOf(ServiceUnreachable);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    } finally {
      await client.close();
    }
  });

  it('counts every way a killed service fails a call as unreachable, and an answer as not', () => {
    // As undici reports them: the error itself, or the cause under its own error.
    const failure = (code: string) => Object.assign(new Error(code), { code });
    const wrapped = (code: string) => Object.assign(new Error('fetch failed'), { cause: failure(code) });
    for (const code of ['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']) {
      expect([code, isUnreachable(failure(code)), isUnreachable(wrapped(code))]).toEqual([code, true, true]);
    }
    expect(isUnreachable(failure('UND_ERR_HEADERS_TIMEOUT'))).toBe(false);
    expect(isUnreachable(new Error('Unexpected token in JSON'))).toBe(false);
  });
});
