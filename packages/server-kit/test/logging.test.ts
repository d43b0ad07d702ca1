import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import express from 'express';
import {
  assignRequestId,
  createLogger,
  createServiceApp,
  logWhenAnswered,
  representJson,
  SERVICE_KEY_HEADER,
} from '../src';
import { openTestDatabase, testAppSettings } from '../src/testing';

/** The lines a logger wrote to its file, once its buffer is flushed. */
async function linesOf(logger: Logger, file: string): Promise<Record<string, unknown>[]> {
  await new Promise<void>((resolve, reject) => logger.flush((error) => (error ? reject(error) : resolve())));
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

it('writes one line per answered request, and keeps credentials out of every other line', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kit-log-')), 'service.log');
  const logger = createLogger('catalog', 'info', file);
  const server = createServer((req, res) => {
    assignRequestId(req, res);
    logWhenAnswered(logger, req, res);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await fetch(`http://127.0.0.1:${port}/home-products?q=1`, { headers: { 'x-request-id': 'probe-1' } });
  await fetch(`http://127.0.0.1:${port}/auth/v1/verify?type=signup&token=live-link-7f3a&redirect_to=x`, {
    headers: { 'x-request-id': 'probe-2' },
  });
  await new Promise((resolve) => server.close(resolve));
  logger.info(
    { body: { email: 'r@example.test', password: 'hunter22' }, session: { access_token: 't' } },
    'sign-in',
  );

  const lines = await linesOf(logger, file);
  expect(lines[0]).toMatchObject({
    name: 'catalog',
    reqId: 'probe-1',
    method: 'GET',
    url: '/home-products?q=1',
    statusCode: 200,
    msg: 'request completed',
  });
  // A sign-in link's token is blanked in the request line; the rest of the address stays readable.
  expect(lines[1]).toMatchObject({
    reqId: 'probe-2',
    url: '/auth/v1/verify?type=signup&token=[redacted]&redirect_to=x',
  });
  expect(lines[2]).toMatchObject({
    body: { email: 'r@example.test', password: '[redacted]' },
    session: { access_token: '[redacted]' },
  });
  expect(readFileSync(file, 'utf8')).not.toMatch(/hunter22|"t"|live-link/);
});

it('writes no line for routine probes (health checks, version checks), but one for every other request', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kit-log-')), 'service.log');
  const logger = createLogger('catalog', 'info', file);
  const { db, dispose } = await openTestDatabase('pglite', path.join(__dirname, 'fixtures/migrations'));
  const routes = express.Router();
  routes.get('/home-products', (_req, res) => res.json({ products: [] }));
  routes.get('/internal/widgets', (_req, res) => res.json({ widgets: [] }));
  const summaries = representJson({ products: [] }, 'no-cache');
  const app = createServiceApp({
    ...testAppSettings,
    name: 'catalog',
    version: '1',
    db,
    logger,
    bodyLimit: '1kb',
    routes,
    // Answered from memory, before the Express app: the path the catalog's version checks take.
    published: (pathname) => (pathname === '/internal/product-summaries' ? summaries : undefined),
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const send = (method: string, pathname: string) =>
    fetch(`http://127.0.0.1:${port}${pathname}`, {
      method,
      headers: { [SERVICE_KEY_HEADER]: testAppSettings.serviceKey },
    });
  for (const [method, pathname] of [
    ['GET', '/healthz'],
    ['GET', '/readyz'],
    ['HEAD', '/internal/product-summaries'],
    ['HEAD', '/internal/widgets'],
    ['GET', '/internal/product-summaries'],
    ['GET', '/internal/widgets'],
    ['HEAD', '/home-products'],
    ['GET', '/home-products'],
  ] as const)
    expect((await send(method, pathname)).status).toBe(200);
  await new Promise((resolve) => server.close(resolve));
  await dispose();

  const lines = await linesOf(logger, file);
  expect(lines.map(({ method, url }) => `${method} ${url}`)).toEqual([
    'GET /internal/product-summaries',
    'GET /internal/widgets',
    'HEAD /home-products',
    'GET /home-products',
  ]);
});

it('writes out the lines still gathered when the process exits', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kit-log-')), 'service.log');
  const script = `
    const { createLogger } = require(${JSON.stringify(path.join(__dirname, '../src/logger.ts'))});
    createLogger('catalog', 'info', process.env.LOG_FILE).info('last words');
    process.exit(3);
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...process.env, LOG_FILE: file, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(3);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ name: 'catalog', msg: 'last words' });
});
