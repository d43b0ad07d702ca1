import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { activate, BuildFiles, FileRegistry, publish } from '@storefront/artifact-store';
import { startContent } from '@storefront/content-service/app';
import { loadConfig } from '@storefront/service-kit';
import { openTestService, silentLogger, type TestService } from '@storefront/service-kit/testing';
import request from 'supertest';
import { defineRoutes } from '@storefront/routing';
import { PAGE_STATE_ID, type PageState } from '../page-state';
import { createShellServer } from './app';
import { shellConfigShape } from './config';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const refundPolicyRoute = defineRoutes([
  {
    path: '/refund-policy',
    exposed: 'RefundPolicyPage',
    label: 'refund policy',
    data: { policy: '/api/content/policies/refund-policy' },
    head: { title: 'Refund Policy', description: 'All sales are final.' },
  },
])[0]!;

/** The state a page carries for the browser (configuration, registry, the answers it was rendered with). */
function pageState(html: string): PageState {
  const json = new RegExp(`<script id="${PAGE_STATE_ID}" type="application/json">(.*?)</script>`, 's').exec(
    html,
  );
  if (!json) throw new Error('The page carries no state');
  return JSON.parse(json[1]!) as PageState;
}

describe('shell server', () => {
  let content: TestService;
  const servers: Server[] = [];
  let app: ReturnType<typeof createShellServer>;
  /** The same shell as `npm start` runs it: a browser may load one module from a dev server. */
  let devApp: ReturnType<typeof createShellServer>;
  let liveVersion: string;
  let echoUrl: string;
  let files: BuildFiles;
  let registry: FileRegistry;

  beforeAll(async () => {
    content = await openTestService('pglite', {
      name: 'content',
      migrationsDir: path.join(__dirname, '../../../services/content/migrations'),
      start: (context) => startContent(context, { limit: 1000, windowMs: 60_000 }),
    });
    const contentServer = createServer(content.app);
    servers.push(contentServer);
    const contentUrl = await listen(contentServer);

    // An upstream that tells what reached it.
    const echoServer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url: req.url, headers: req.headers }));
    });
    servers.push(echoServer);
    echoUrl = await listen(echoServer);

    // An upstream that never answers in time.
    const slowServer = createServer((_req, res) => void setTimeout(() => res.end('late'), 2_000).unref());
    servers.push(slowServer);
    const slowUrl = await listen(slowServer);

    const shellDist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    writeFileSync(path.join(shellDist, 'main.0123456789.js'), 'console.log("shell")');
    writeFileSync(
      path.join(shellDist, 'storefront-shell.json'),
      JSON.stringify({ scripts: ['/main.0123456789.js'] }),
    );

    const artifactDir = mkdtempSync(path.join(tmpdir(), 'artifacts-'));
    files = new BuildFiles(artifactDir);
    registry = new FileRegistry(artifactDir);
    const build = mkdtempSync(path.join(tmpdir(), 'content-build-'));
    writeFileSync(path.join(build, 'remoteEntry.js'), `var content = ${JSON.stringify('x'.repeat(5000))};`);
    mkdirSync(path.join(build, 'nested'));
    liveVersion = (
      await publish({ files, registry }, 'content', build, {
        packageVersion: '0.1.0',
        commit: 'test',
        by: 'jest',
        routes: [refundPolicyRoute],
      })
    ).version;
    await activate(registry, 'content', liveVersion, 'jest');
    const current = await registry.read();

    const config = loadConfig('shell', shellConfigShape, {
      SHELL_DIST: shellDist,
      CONTENT_SERVICE_URL: contentUrl,
      CATALOG_SERVICE_URL: 'http://127.0.0.1:9', // nothing listens on the discard port
      PRODUCT_SERVICE_URL: slowUrl,
      ACCOUNT_SERVICE_URL: echoUrl,
      PROXY_TIMEOUT_MS: '300',
      CONTACT_EMAIL: 'lab@example.org',
    });
    // No server renderer in a unit test (it is built with the apps; the e2e suite renders with it):
    // pages are sent as frames the browser renders, with their head, status and data.
    app = createShellServer(config, { files, registry: () => current }, silentLogger(), null);
    devApp = createShellServer(
      { ...config, DEV_MODULE_OVERRIDES: 'on' },
      { files, registry: () => current },
      silentLogger(),
      null,
    );
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await content.dispose();
  });

  it('serves the registry uncached, listing live versions and their routes', async () => {
    const res = await request(app).get('/registry.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      modules: {
        content: {
          version: liveVersion,
          entry: `/remotes/content/${liveVersion}/remoteEntry.js`,
          routes: [refundPolicyRoute],
        },
      },
    });
  });

  it('inlines the runtime configuration, the registry and the data of the page into the page', async () => {
    const page = await request(app).get('/refund-policy').set('accept', 'text/html');
    const state = pageState(page.text);
    expect(state.config).toEqual({
      shopName: 'Helix Research',
      contactEmail: 'lab@example.org',
      contactPhone: '+1 (480) 555-0142',
      authUrl: '/api/account',
      authAnonKey: 'storefront-local-anon-key',
    });
    expect(state.registry.modules.content?.version).toBe(liveVersion);
    const policy = state.responses['/api/content/policies/refund-policy'];
    expect(policy?.status).toBe(200);
    expect((policy?.body as { title: string }).title).toBe('Refund Policy');
    expect(state.rendered).toBe(false);
    expect(page.text).toContain('<script data-scripts="/main.0123456789.js">');
  });

  it('gives each page its own title, description, canonical URL and Open Graph tags', async () => {
    const page = await request(app).get('/refund-policy?utm_source=mail').set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Refund Policy | Helix Research</title>');
    expect(page.text).toContain('<meta name="description" content="All sales are final.">');
    expect(page.text).toContain('<link rel="canonical" href="http://localhost:3000/refund-policy">');
    expect(page.text).toContain('<meta property="og:title" content="Refund Policy | Helix Research">');
    expect(page.text).not.toContain('noindex');
  });

  it('answers 404, with the not-found page unindexed, for a path no module serves', async () => {
    const page = await request(app).get('/no-such-page').set('accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<title>Page not found | Helix Research</title>');
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.text).not.toContain('rel="canonical"');
  });

  it('answers 404 for a missing script instead of sending a page in its place', async () => {
    const res = await request(app).get('/main.0000000000.js').set('accept', 'text/html,*/*');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('lists the indexed pages of the live modules in the sitemap, and points robots at it', async () => {
    const robots = await request(app).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /api/');
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await request(app).get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.text).toContain('<url><loc>http://localhost:3000/refund-policy</loc></url>');
  });

  it('serves versioned remote files compressed and cached for good', async () => {
    const res = await request(app)
      .get(`/remotes/content/${liveVersion}/remoteEntry.js`)
      .set('accept-encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip file a build wrote beside a script, as the browser takes, for a version deployed while it runs too', async () => {
    const build = mkdtempSync(path.join(tmpdir(), 'content-build-'));
    writeFileSync(path.join(build, 'remoteEntry.js'), 'var compressedOnTheFly = true;');
    writeFileSync(path.join(build, 'remoteEntry.js.br'), brotliCompressSync('var precompressed = "br";'));
    writeFileSync(path.join(build, 'remoteEntry.js.gz'), gzipSync('var precompressed = "gzip";'));
    const { version } = await publish({ files, registry }, 'content', build, {
      packageVersion: '0.2.0',
      commit: 'test',
      by: 'jest',
    });
    const fetchWith = (acceptEncoding: string) =>
      request(app).get(`/remotes/content/${version}/remoteEntry.js`).set('accept-encoding', acceptEncoding);
    const brotli = await fetchWith('gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.text).toBe('var precompressed = "br";');
    for (const acceptEncoding of ['gzip', 'gzip, br;q=0']) {
      const gzipped = await fetchWith(acceptEncoding);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['content-type']).toMatch(/javascript/);
      expect(gzipped.text).toBe('var precompressed = "gzip";');
    }
    const plain = await fetchWith('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('var compressedOnTheFly = true;');
  });

  it('falls back to gzip when a build wrote no brotli file', async () => {
    const build = mkdtempSync(path.join(tmpdir(), 'content-build-'));
    writeFileSync(path.join(build, 'remoteEntry.js'), 'var compressedOnTheFly = true;');
    writeFileSync(path.join(build, 'remoteEntry.js.gz'), gzipSync('var precompressed = "gzip";'));
    const { version } = await publish({ files, registry }, 'content', build, {
      packageVersion: '0.3.0',
      commit: 'test',
      by: 'jest',
    });
    const res = await request(app)
      .get(`/remotes/content/${version}/remoteEntry.js`)
      .set('accept-encoding', 'gzip, br');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe('var precompressed = "gzip";');
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

  it('keeps /internal unreachable however it is spelt, sent exactly as written', async () => {
    const server = createServer(app);
    servers.push(server);
    const base = new URL(await listen(server));
    for (const spelling of [
      '/api/catalog//internal/quote',
      '/api/catalog/INTERNAL/quote',
      '/api/catalog/%49nternal/quote',
      '/api/catalog/x/../internal/quote',
      '/api/catalog/%2e%2e/internal/quote',
      '/api/account//internal/status',
    ]) {
      // node:http sends the path untouched, as `curl --path-as-is` would.
      const status = await new Promise<number>((resolve, reject) => {
        httpRequest({ host: base.hostname, port: base.port, path: spelling, method: 'POST' }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end('{}');
      });
      expect([spelling, status]).toEqual([spelling, 404]);
    }
    expect((await request(app).get('/api/account/policies/%ZZ')).status).toBe(400);
  });

  it('tells a service the client it saw, never an address the client claims, and never a service key', async () => {
    const res = await request(app)
      .get('/api/account/who')
      .set('x-forwarded-for', '203.0.113.66')
      .set('x-service-key', 'from-a-browser');
    const { headers } = res.body as { headers: Record<string, string> };
    expect(headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(headers['x-service-key']).toBeUndefined();
  });

  it('answers unknown API modules with 404', async () => {
    const res = await request(app).get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  describe('the one-module loop (DEV_MODULE_OVERRIDES)', () => {
    const devServer = 'http://127.0.0.1:3300';
    const cookieFor = (origin: string) => `storefront-dev-module=${encodeURIComponent(`content@${origin}`)}`;
    const pageWith = (shell: typeof app, cookie: string) =>
      request(shell).get('/refund-policy').set('accept', 'text/html').set('cookie', cookie);

    it('points one browser at a loopback dev server: its scripts, the module, rendered in the browser', async () => {
      const optIn = await request(devApp).get(
        `/__dev/modules/content?origin=${encodeURIComponent(devServer)}`,
      );
      expect(optIn.status).toBe(303);
      const cookie = optIn.headers['set-cookie']![0]!.split(';')[0]!;
      expect(cookie).toBe(cookieFor(devServer));

      const page = await pageWith(devApp, cookie);
      expect(page.text).toContain(`<script data-scripts="${devServer}/shell/main.js">`);
      expect(pageState(page.text).registry.modules.content).toEqual({
        version: 'dev',
        entry: `${devServer}/remoteEntry.js`,
        routes: [{ ...refundPolicyRoute, render: 'client' }],
      });
      const policy = page.headers['content-security-policy']!;
      expect(policy).toMatch(new RegExp(`script-src [^;]*${devServer}`));
      expect(policy).toMatch(/connect-src [^;]*ws:\/\/127\.0\.0\.1:3300/);
      const registryJson = await request(devApp).get('/registry.json').set('cookie', cookie);
      expect(registryJson.body.modules.content.entry).toBe(`${devServer}/remoteEntry.js`);

      const back = await request(devApp).get('/__dev/modules/clear').set('cookie', cookie);
      expect(back.headers['set-cookie']![0]).toMatch(/^storefront-dev-module=;/);
    });

    it('leaves every other browser, and a shell without the setting, on the live versions', async () => {
      for (const [shell, cookie] of [
        [devApp, ''],
        [app, cookieFor(devServer)],
      ] as const) {
        const page = await pageWith(shell, cookie);
        expect(page.text).toContain('<script data-scripts="/main.0123456789.js">');
        expect(pageState(page.text).registry.modules.content!.version).toBe(liveVersion);
        expect(page.headers['content-security-policy']).not.toContain('3300');
      }
      expect((await request(app).get('/__dev/modules/content?origin=http://127.0.0.1:3300')).status).toBe(
        404,
      );
    });

    it.each([
      'https://cdn.evil.example',
      'http://10.0.0.5:3300',
      'http://127.0.0.1:3300/x',
      'javascript:alert(1)',
    ])('never loads scripts from %s, whether asked for or forged in the cookie', async (origin) => {
      const optIn = await request(devApp).get(`/__dev/modules/content?origin=${encodeURIComponent(origin)}`);
      expect(optIn.status).toBe(400);
      expect(optIn.headers['set-cookie']).toBeUndefined();
      const page = await pageWith(devApp, cookieFor(origin));
      expect(page.text).toContain('<script data-scripts="/main.0123456789.js">');
      expect(page.headers['content-security-policy']).not.toContain(origin);
    });

    it('serves the live page for a cookie that is not valid percent-encoding', async () => {
      const page = await pageWith(
        devApp,
        'storefront-dev-module=content%40http%3A%2F%2F127.0.0.1%3A3300%E0%A4%A',
      );
      expect(page.status).toBe(200);
      expect(page.text).toContain('<script data-scripts="/main.0123456789.js">');
    });

    it('refuses a module that is not live', async () => {
      const res = await request(devApp).get(`/__dev/modules/nothing?origin=${encodeURIComponent(devServer)}`);
      expect(res.status).toBe(400);
    });
  });
});
