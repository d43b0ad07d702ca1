import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@storefront/service-kit/testing';
import { createLogger, listenOnLocalSocket, trustProxySetting, type Logger } from '@storefront/service-kit';
import { createApiGateway } from './api-gateway';
import { SERVICE_MODULES, type ServiceModule } from './config';

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
 * `connections` connections to it.
 */
async function gatewayTo(
  catalogUrl: string,
  connections: number,
  catalogSocket?: string,
  logger: Logger = silentLogger(),
) {
  const targets = Object.fromEntries(SERVICE_MODULES.map((m) => [m, 'http://127.0.0.1:9'])) as Record<
    ServiceModule,
    string
  >;
  const gateway = createApiGateway({
    targets: { ...targets, catalog: catalogUrl },
    sockets: { catalog: catalogSocket },
    timeoutMs: 5_000,
    logger,
    trustProxy: trustProxySetting().parse(''),
    connectionsPerService: connections,
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

const BIG = Buffer.alloc(4 * 1024 * 1024, 'x');

describe('the API gateway', () => {
  it('relays a large answer whole, reading no faster than the shopper takes it', async () => {
    const catalog = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG.length });
      res.end(BIG);
    });
    const { gateway, url } = await gatewayTo(catalog, 2);
    const { status, body } = await fetchBytes(`${url}/api/catalog/big`);
    expect(status).toBe(200);
    expect(body.equals(BIG)).toBe(true);
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
    const { gateway, url } = await gatewayTo('http://127.0.0.1:9', 2, socket);
    const { status, body } = await fetchBytes(`${url}/api/catalog/home-products?page=2`);
    expect(status).toBe(200);
    expect(body.toString()).toBe('/home-products?page=2 for 127.0.0.1 via 127.0.0.1');
    await gateway.close();
  });

  it('answers 503 while a service on this machine is stopped and its socket gone', async () => {
    const socket = path.join(mkdtempSync(path.join(tmpdir(), 'gateway-sock-')), 'catalog.sock');
    const { gateway, url } = await gatewayTo('http://127.0.0.1:9', 2, socket);
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
    const { gateway, url } = await gatewayTo(catalog, 2, undefined, logger);
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
});
