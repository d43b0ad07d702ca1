import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ArtifactStore } from '@storefront/artifact-store';
import { contentRoutes } from '@storefront/content-service/src/app';
import { createServiceApp, loadConfig } from '@storefront/service-kit';
import { openTestDatabase, silentLogger, type TestDatabase } from '@storefront/service-kit/testing';
import request from 'supertest';
import { createShellServer } from './app';
import { shellConfigShape } from './config';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('shell server', () => {
  let contentDb: TestDatabase;
  const servers: Server[] = [];
  let app: ReturnType<typeof createShellServer>;
  let liveVersion: string;

  beforeAll(async () => {
    contentDb = await openTestDatabase(
      'pglite',
      path.join(__dirname, '../../../services/content/migrations'),
    );
    const contentApp = createServiceApp({
      name: 'content',
      version: 'test',
      db: contentDb.db,
      logger: silentLogger(),
      bodyLimit: '16kb',
      routes: contentRoutes(contentDb.db),
    });
    const contentServer = createServer(contentApp);
    servers.push(contentServer);
    const contentUrl = await listen(contentServer);

    // An upstream that never answers in time.
    const slowServer = createServer((_req, res) => void setTimeout(() => res.end('late'), 2_000).unref());
    servers.push(slowServer);
    const slowUrl = await listen(slowServer);

    const shellDist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(shellDist, 'main.0123456789.js'), 'console.log("shell")');

    const store = new ArtifactStore(mkdtempSync(path.join(tmpdir(), 'artifacts-')));
    const build = mkdtempSync(path.join(tmpdir(), 'content-build-'));
    writeFileSync(path.join(build, 'remoteEntry.js'), `var content = ${JSON.stringify('x'.repeat(5000))};`);
    mkdirSync(path.join(build, 'nested'));
    liveVersion = store.publish('content', build, {
      packageVersion: '0.1.0',
      commit: 'test',
      by: 'jest',
    }).version;
    store.activate('content', liveVersion, 'jest');

    const config = loadConfig('shell', shellConfigShape, {
      SHELL_DIST: shellDist,
      CONTENT_SERVICE_URL: contentUrl,
      CATALOG_SERVICE_URL: 'http://127.0.0.1:9', // nothing listens on the discard port
      PRODUCT_SERVICE_URL: slowUrl,
      PROXY_TIMEOUT_MS: '300',
      CONTACT_EMAIL: 'lab@example.org',
    });
    app = createShellServer(config, store, silentLogger());
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await contentDb.dispose();
  });

  it('serves the registry uncached, listing live versions only', async () => {
    const res = await request(app).get('/registry.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      modules: { content: { version: liveVersion, entry: `/remotes/content/${liveVersion}/remoteEntry.js` } },
    });
  });

  it('serves the runtime configuration from its environment', async () => {
    const res = await request(app).get('/config.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      shopName: 'Helix Research',
      contactEmail: 'lab@example.org',
      contactPhone: '+1 (480) 555-0142',
      authUrl: '/api/account',
      authAnonKey: 'storefront-local-anon-key',
    });
  });

  it('serves versioned remote files compressed and cached for good', async () => {
    const res = await request(app)
      .get(`/remotes/content/${liveVersion}/remoteEntry.js`)
      .set('accept-encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing remote file with 404, not the page', async () => {
    const res = await request(app)
      .get('/remotes/content/0.0.0-missing/remoteEntry.js')
      .set('accept', 'text/html,*/*');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('caches hashed shell assets for good and the page never', async () => {
    expect((await request(app).get('/main.0123456789.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await request(app).get('/refund-policy').set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('proxies /api/content to the content service with the request id', async () => {
    const res = await request(app)
      .get('/api/content/policies/refund-policy')
      .set('x-request-id', 'req-from-browser-1');
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Refund Policy');
    expect(res.headers['x-request-id']).toBe('req-from-browser-1');
  });

  it('passes request bodies and problems through untouched', async () => {
    const res = await request(app)
      .post('/api/content/subscribers')
      .send({ email: 'proxy@lab.example', name: '' });
    expect(res.status).toBe(400);
    expect(res.body.title).toBe('Required fields missing');
  });

  it('answers 503 with a clear problem when a service is down', async () => {
    const res = await request(app).get('/api/catalog/products');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.body.detail).toBe('The catalog service is unavailable right now. Please try again shortly.');
  });

  it('answers 504 when a service is too slow', async () => {
    const res = await request(app).get('/api/product/products/bpc-157');
    expect(res.status).toBe(504);
    expect(res.body.detail).toBe('The product service took too long to answer.');
  });

  it('never lets a browser reach a service-to-service endpoint', async () => {
    for (const url of [
      '/api/catalog/internal/quote',
      '/api/content/internal',
      '/api/product/INTERNAL/product-summaries?ids=x',
    ]) {
      const res = await request(app).post(url).send({ channel: 'storefront', lines: [] });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });

  it('answers unknown API modules with 404', async () => {
    const res = await request(app).get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});
