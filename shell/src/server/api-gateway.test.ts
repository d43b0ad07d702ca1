import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, silentLogger } from '@storefront/server-kit/testing';
import { createLogger, listenOnLocalSocket, trustProxySetting, type Logger } from '@storefront/server-kit';
import { createApiGateway } from './api-gateway';
import { readShellConfig } from './config';
import { createServiceTargets } from './service-targets';

const servers: Server[] = [];

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * A gateway whose catalog is `catalogUrl` (or, given `catalogSocket`, the Unix socket), with only
 * `connections` connections to it; its checkout is where `checkoutUrl` says (nowhere by default).
 */
async function gatewayTo(
  catalogUrl: string,
  connections: number,
  {
    catalogSocket,
    checkoutUrl = 'http://127.0.0.1:9',
    logger = silentLogger(),
    outageHoldMs = 0,
  }: { catalogSocket?: string; checkoutUrl?: string; logger?: Logger; outageHoldMs?: number } = {},
) {
  const config = readShellConfig({
    CATALOG_SERVICE_URL: catalogUrl,
    CATALOG_SERVICE_SOCKET: catalogSocket ?? '',
    CHECKOUT_SERVICE_URL: checkoutUrl,
  });
  const gateway = createApiGateway({
    targets: createServiceTargets(config, null, () => ['catalog', 'checkout'], {
      connections,
      headersTimeout: 5_000,
      bodyTimeout: 5_000,
    }),
    logger,
    trustProxy: trustProxySetting().parse(''),
    outageHoldMs,
    retrySafe: (module, method, path) => module === 'checkout' && method === 'POST' && path === '/orders',
    bodyLimitBytes: GATEWAY_BODY_LIMIT,
  });
  return { gateway, url: await serve(gateway.handle) };
}

/** The whole answer to a GET, as bytes. */
function fetchBytes(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Asks for an answer, takes its first bytes and hangs up, as a shopper closing the tab would. */
function leaveMidAnswer(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    }).on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve() : reject(error),
    );
    req.end();
  });
}

/** One request through the gateway, answered whole. */
function send(url: string, method = 'GET', headers: Record<string, string> = {}, body = '') {
  return new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { ...headers, 'content-length': body.length } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const GATEWAY_BODY_LIMIT = 64 * 1024;

/**
 * A body sent as a client would, in 64 KiB chunks (declaring its length, or chunked), answered with
 * whatever the gateway says as soon as it says it; a connection cut after the answer is not an error.
 */
function sendBody(url: string, bytes: number, declared: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(declared ? { 'content-length': bytes } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      ['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error),
    );
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const write = () => {
      while (sent < bytes && !req.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

const BIG = Buffer.alloc(4 * 1024 * 1024, 'x');
/** Far more than loopback's socket buffers hold between the service and a shopper who stopped reading. */
const LONG_ANSWER_BYTES = 64 * 1024 * 1024;

describe('the API gateway', () => {
  it('relays a large answer whole, reading from the service no faster than the shopper takes it', async () => {
    // The service writes as fast as it is allowed, counting what it has handed over.
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const chunks = (LONG_ANSWER_BYTES / chunk.length) | 0;
    let written = 0;
    const catalog = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-length': chunks * chunk.length });
      for (let i = 0; i < chunks; i += 1) {
        written += chunk.length;
        if (!res.write(chunk)) await once(res, 'drain');
      }
      res.end();
    });
    const { gateway, url } = await gatewayTo(catalog, 2);
    const answer = await new Promise<IncomingMessage>((resolve) =>
      httpRequest(`${url}/api/catalog/long`, resolve).end(),
    );
    // The shopper stops reading: the service must come to a stop too, with most of the answer unsent.
    answer.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const writtenWhilePaused = written;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written).toBe(writtenWhilePaused);
    expect(writtenWhilePaused).toBeLessThan(LONG_ANSWER_BYTES / 2);
    let received = 0;
    answer.on('data', (data: Buffer) => (received += data.length));
    answer.resume();
    await once(answer, 'end');
    expect(answer.statusCode).toBe(200);
    expect(received).toBe(chunks * chunk.length);
    await gateway.close();
  });

  it('keeps serving after shoppers leave mid-answer: their connections go back to the pool', async () => {
    let served = 0;
    const catalog = await serve((req, res) => {
      served += 1;
      if (req.url === '/small') return void res.end('ok');
      res.writeHead(200, { 'content-length': BIG.length });
      res.end(BIG);
    });
    const { gateway, url } = await gatewayTo(catalog, 2);
    // More departures than the pool has connections: a relay left paused would hold one forever.
    for (let i = 0; i < 5; i += 1) await leaveMidAnswer(`${url}/api/catalog/big`);
    const after = await Promise.race([
      fetchBytes(`${url}/api/catalog/small`),
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('the pool stalled')), 3_000).unref(),
      ),
    ]);
    expect(after.body.toString()).toBe('ok');
    expect(served).toBe(6);
    await gateway.close();
  });

  it("reaches a service on this machine through its Unix socket, with the shopper's address", async () => {
    const socket = path.join(mkdtempSync(path.join(tmpdir(), 'gateway-sock-')), 'catalog.sock');
    const catalog = await listenOnLocalSocket((req, res) => {
      res.end(`${req.url} for ${req.headers['x-forwarded-for']} via ${req.socket.remoteAddress}`);
    }, socket);
    servers.push(catalog);
    // The URL names nothing listening: only the socket can answer.
    const { gateway, url } = await gatewayTo('http://127.0.0.1:9', 2, { catalogSocket: socket });
    const { status, body } = await fetchBytes(`${url}/api/catalog/home-products?page=2`);
    expect(status).toBe(200);
    expect(body.toString()).toBe('/home-products?page=2 for 127.0.0.1 via 127.0.0.1');
    await gateway.close();
  });

  it('answers 503 while a service on this machine is stopped and its socket gone', async () => {
    const socket = path.join(mkdtempSync(path.join(tmpdir(), 'gateway-sock-')), 'catalog.sock');
    const { gateway, url } = await gatewayTo('http://127.0.0.1:9', 2, { catalogSocket: socket });
    const { status, body } = await fetchBytes(`${url}/api/catalog/home-products`);
    expect(status).toBe(503);
    expect(JSON.parse(body.toString())).toMatchObject({ title: 'Service unavailable' });
    await gateway.close();
  });

  it('logs what it answers itself, a service failure and a shopper who left, but not an answer the service logged', async () => {
    const catalog = await serve((req, res) => {
      if (req.url === '/broken') return void res.writeHead(500).end('{}');
      if (req.url === '/big') return void res.writeHead(200, { 'content-length': BIG.length }).end(BIG);
      res.end('ok');
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gateway-log-')), 'shell.log');
    const logger = createLogger('shell', 'info', file);
    const { gateway, url } = await gatewayTo(catalog, 2, { logger });
    expect((await fetchBytes(`${url}/api/catalog/home-products`)).status).toBe(200);
    expect((await fetchBytes(`${url}/api/catalog/broken`)).status).toBe(500);
    expect((await fetchBytes(`${url}/api/catalog/internal/secrets`)).status).toBe(404);
    expect((await fetchBytes(`${url}/api/unknown/x`)).status).toBe(404);
    expect((await fetchBytes(`${url}/api/checkout/orders`)).status).toBe(503);
    await leaveMidAnswer(`${url}/api/catalog/big`);
    await gateway.close();
    await new Promise<void>((resolve, reject) =>
      logger.flush((error) => (error ? reject(error) : resolve())),
    );

    const requestLines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { url?: string; statusCode?: number; msg: string })
      .filter((line) => line.msg.startsWith('request '))
      .map(({ url: logged, statusCode, msg }) => `${msg}: ${statusCode} ${logged}`);
    expect(requestLines.sort()).toEqual(
      [
        'request failed: 500 /api/catalog/broken',
        'request completed: 404 /api/catalog/internal/secrets',
        'request completed: 404 /api/unknown/x',
        'request failed: 503 /api/checkout/orders',
        'request aborted: 200 /api/catalog/big',
      ].sort(),
    );
  });
  describe('a body past its limit', () => {
    /** A catalog that counts what reaches it: requests, and the bytes of their bodies. */
    async function countingCatalog() {
      const reached = { requests: 0, bytes: 0 };
      const url = await serve((req, res) => {
        reached.requests += 1;
        req.on('data', (chunk: Buffer) => (reached.bytes += chunk.length));
        req.on('end', () => res.end('{"ok":true}'));
      });
      return { reached, ...(await gatewayTo(url, 4)) };
    }

    it('is refused with 413 before any of it reaches the service, declared or chunked', async () => {
      const { reached, url } = await countingCatalog();
      const declared = await sendBody(`${url}/api/catalog/products`, 10 * 1024 * 1024, true);
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({
        status: 413,
        detail: 'Request bodies are limited to 64kb.',
      });
      expect(reached.requests).toBe(0);
      // A client that writes its whole body before it reads reads the refusal too.
      const written = await send(`${url}/api/catalog/products`, 'POST', {}, 'x'.repeat(10 * 1024 * 1024));
      expect(written.status).toBe(413);

      const chunked = await sendBody(`${url}/api/catalog/products`, 2 * 1024 * 1024, false);
      expect(chunked.status).toBe(413);
      expect(reached.bytes).toBeLessThanOrEqual(GATEWAY_BODY_LIMIT);
    });

    it('passes a body within it whole, declared or chunked', async () => {
      const { reached, url } = await countingCatalog();
      expect((await sendBody(`${url}/api/catalog/products`, GATEWAY_BODY_LIMIT, true)).status).toBe(200);
      expect((await sendBody(`${url}/api/catalog/products`, GATEWAY_BODY_LIMIT, false)).status).toBe(200);
      expect(reached).toEqual({ requests: 2, bytes: 2 * GATEWAY_BODY_LIMIT });
    });
  });

  describe('identical reads arriving together', () => {
    /**
     * A catalog whose answers take `ms` to make, counting what it is asked; each answer says which
     * version of the catalog it was made from (read when the request arrives) and how it may be kept.
     */
    async function slowCatalog(ms: number, headers: Record<string, string>) {
      const catalog = { version: 1, asked: 0, url: '' };
      catalog.url = await serve((req, res) => {
        catalog.asked += 1;
        const body = JSON.stringify({ version: catalog.version });
        // As the kit's services do: the request id it was sent goes back with the answer.
        const described = {
          etag: `"v${catalog.version}"`,
          'content-length': body.length,
          'x-request-id': req.headers['x-request-id'] ?? '',
          ...headers,
        };
        setTimeout(() => res.writeHead(200, described).end(body), ms);
      });
      return catalog;
    }
    const PUBLIC = { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' };

    it('reach the service once, and each shopper gets the answer under their own request id', async () => {
      const catalog = await slowCatalog(100, PUBLIC);
      const { gateway, url } = await gatewayTo(catalog.url, 4);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send(`${url}/api/catalog/home-products`)),
      );
      expect(answers.map((a) => [a.status, a.body, a.headers['cache-control']])).toEqual(
        answers.map(() => [200, '{"version":1}', 'public, max-age=60']),
      );
      expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(20);
      expect(catalog.asked).toBeLessThanOrEqual(2);
      await gateway.close();
    });

    it('never get an answer to a request sent before they arrived: a change shows on the next read', async () => {
      const catalog = await slowCatalog(150, PUBLIC);
      const { gateway, url } = await gatewayTo(catalog.url, 4);
      const before = send(`${url}/api/catalog/home-products`);
      await pause(50);
      // Changed while the first read is at the service: the read that comes now must see it.
      catalog.version = 2;
      const after = send(`${url}/api/catalog/home-products`);
      expect((await before).body).toBe('{"version":1}');
      expect((await after).body).toBe('{"version":2}');
      expect(catalog.asked).toBe(2);
      await gateway.close();
    });

    it('answer a shopper who holds the shared answer 304, and the others 200', async () => {
      const catalog = await slowCatalog(100, PUBLIC);
      const { gateway, url } = await gatewayTo(catalog.url, 4);
      const [held, fresh, stale] = await Promise.all([
        send(`${url}/api/catalog/home-products`, 'GET', { 'if-none-match': '"v1"' }),
        send(`${url}/api/catalog/home-products`),
        send(`${url}/api/catalog/home-products`, 'GET', { 'if-none-match': '"v0"' }),
      ]);
      expect([held.status, held.body, held.headers.etag]).toEqual([304, '', '"v1"']);
      expect([fresh.status, stale.status, stale.body]).toEqual([200, 200, '{"version":1}']);
      expect(catalog.asked).toBeLessThanOrEqual(2);
      await gateway.close();
    });

    it.each([
      ['kept private', { 'cache-control': 'private, max-age=60' }],
      ['setting a cookie', { ...PUBLIC, 'set-cookie': 'cart=abc; HttpOnly' }],
      ['varying by a header', { ...PUBLIC, vary: 'Cookie' }],
      ['without a caching rule', {}],
    ])('are each sent to the service when its answer is %s', async (_what, headers) => {
      const catalog = await slowCatalog(100, headers);
      const { gateway, url } = await gatewayTo(catalog.url, 8);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => send(`${url}/api/catalog/cart`, 'GET', { cookie: 'cart=abc' })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(catalog.asked).toBe(5);
      await gateway.close();
    });

    it("are each sent with the shopper's conditions when the answer carries no ETag to answer them from", async () => {
      const conditions: Array<string | undefined> = [];
      const catalogUrl = await serve((req, res) => {
        conditions.push(req.headers['if-modified-since']);
        const described = {
          ...PUBLIC,
          'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT',
          'content-length': 2,
        };
        setTimeout(() => res.writeHead(200, described).end('{}'), 100);
      });
      const { gateway, url } = await gatewayTo(catalogUrl, 8);
      const since = { 'if-modified-since': 'Wed, 25 Nov 2026 10:00:00 GMT' };
      const reads = () => Array.from({ length: 4 }, () => send(`${url}/api/catalog/catalogue`, 'GET', since));
      await Promise.all(reads());
      await Promise.all(reads());
      // The first read went out for many, its condition left out; every other carried its own.
      expect(conditions).toEqual([undefined, ...Array.from({ length: 7 }, () => since['if-modified-since'])]);
      await gateway.close();
    });

    it('keep the gateway serving when a shopper leaves before an answer that is not shared', async () => {
      const catalog = await slowCatalog(150, { 'cache-control': 'no-store' });
      // One connection: the next read needs the one the abandoned answer was read from.
      const { gateway, url } = await gatewayTo(catalog.url, 1);
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${url}/api/catalog/cart`);
        req.on('error', () => resolve()).end();
        setTimeout(() => req.destroy(), 50);
      });
      // The answer reaches the gateway after the shopper has gone.
      await pause(200);
      expect((await send(`${url}/api/catalog/cart`)).status).toBe(200);
      await gateway.close();
    });

    it('are each answered when the read sent for them is cut off mid-answer, and the path is read again after', async () => {
      let asked = 0;
      const catalogUrl = await serve((_req, res) => {
        asked += 1;
        const body = '{"version":1}';
        const described = { ...PUBLIC, etag: '"v1"', 'content-length': body.length };
        setTimeout(() => {
          // The first answer breaks off after its first bytes, as a service killed mid-answer does.
          if (asked === 1) res.writeHead(200, described).write(body.slice(0, 4), () => res.destroy());
          else res.writeHead(200, described).end(body);
        }, 100);
      });
      const { gateway, url } = await gatewayTo(catalogUrl, 4);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => send(`${url}/api/catalog/home-products`)),
      );
      expect(answers.map((a) => [a.status, a.body])).toEqual(answers.map(() => [200, '{"version":1}']));
      expect((await send(`${url}/api/catalog/home-products`)).body).toBe('{"version":1}');
      await gateway.close();
    });

    it('give each shopper every header the service sent, a repeated one joined', async () => {
      const catalogUrl = await serve((_req, res) => {
        const body = '{}';
        setTimeout(
          () =>
            res
              .writeHead(
                200,
                [
                  ['content-type', 'application/json'],
                  ['cache-control', 'public'],
                  ['cache-control', 'max-age=60'],
                  ['etag', '"v1"'],
                  ['content-length', String(body.length)],
                ].flat(),
              )
              .end(body),
          100,
        );
      });
      const { gateway, url } = await gatewayTo(catalogUrl, 4);
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => send(`${url}/api/catalog/catalogue`)),
      );
      expect(answers.map((a) => a.headers['cache-control'])).toEqual(answers.map(() => 'public, max-age=60'));
      await gateway.close();
    });

    it('are each sent to the service when they carry credentials', async () => {
      const catalog = await slowCatalog(100, PUBLIC);
      const { gateway, url } = await gatewayTo(catalog.url, 8);
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          send(`${url}/api/catalog/home-products`, 'GET', { authorization: `Bearer token-${i}` }),
        ),
      );
      expect(catalog.asked).toBe(5);
      await gateway.close();
    });
  });

  describe('while a service restarts', () => {
    /** The service coming back on `port` after `afterMs`, answering with what it was sent. */
    function serviceBackAfter(port: number, afterMs: number) {
      const seen: string[] = [];
      setTimeout(() => {
        const server = createServer((req, res) => {
          let body = '';
          req.on('data', (chunk: Buffer) => (body += chunk.toString()));
          req.on('end', () => {
            seen.push(`${req.method} ${req.url} ${req.headers['idempotency-key'] ?? ''} ${body}`);
            res.end('back');
          });
        });
        servers.push(server);
        server.listen(port, '127.0.0.1');
      }, afterMs).unref();
      return seen;
    }
    it('holds a GET and a keyed order, body and key intact, and sends them once the service is back', async () => {
      const port = await freePort();
      const service = `http://127.0.0.1:${port}`;
      const { gateway, url } = await gatewayTo(service, 2, { checkoutUrl: service, outageHoldMs: 5_000 });
      const seen = serviceBackAfter(port, 400);
      const order = '{"items":[]}';
      const [read, placed] = await Promise.all([
        send(`${url}/api/catalog/home-products`, 'GET'),
        send(`${url}/api/checkout/orders`, 'POST', { 'idempotency-key': 'key-12345678' }, order),
      ]);
      expect([read.status, read.body, placed.status, placed.body]).toEqual([200, 'back', 200, 'back']);
      expect(seen.sort()).toEqual(['GET /home-products  ', `POST /orders key-12345678 ${order}`]);
      await gateway.close();
    });

    it('answers a POST that is not safe to repeat 503 at once, and a held GET 503 with Retry-After when the hold is over', async () => {
      const port = await freePort();
      const service = `http://127.0.0.1:${port}`;
      const { gateway, url } = await gatewayTo(service, 2, { checkoutUrl: service, outageHoldMs: 300 });
      let started = Date.now();
      const unkeyed = await send(`${url}/api/checkout/orders`, 'POST', {}, '{}');
      expect(unkeyed.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(250);
      started = Date.now();
      const read = await send(`${url}/api/catalog/home-products`, 'GET');
      expect(read.status).toBe(503);
      expect(read.headers['retry-after']).toBe('1');
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
      await gateway.close();
    });
  });
});
