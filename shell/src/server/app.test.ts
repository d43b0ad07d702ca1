import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { activate, BuildFiles, FileRegistry, publish } from '@storefront/artifact-store';
import { startContent } from '@storefront/content-service/definition';
import { openTestService, silentLogger, type TestService } from '@storefront/server-kit/testing';
import request from 'supertest';
import { defineRoutes } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';
import { showAgain, type ServerModule } from '@storefront/routing/server-module';
import type { PageRenderer } from '../render';
import { PAGE_STATE_ID, type PageState } from '../page-state';
import { createShellServer } from './app';
import { readShellConfig, readShellSettings } from './config';
import { DEV_SHELL_PATH } from './dev-overrides';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build configuration is CommonJS
const mfConfig = require('@storefront/mf-config') as { DEV_SHELL_PATH: string };

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

/** A page of the visitor's own, whose server loader hands it what the module's service answered them. */
const myLettersRoute = defineRoutes([
  {
    path: '/my-letters',
    exposed: 'RefundPolicyPage',
    label: 'letters',
    serverLoader: true,
    head: { title: 'My letters', description: 'The letters a reader signed up for.' },
  },
])[0]!;

/**
 * The content module as the tests publish it: its refund page, and two form actions a test module
 * carries out (the shell holds no module's actions: it finds them in the manifest and the module's
 * server module). `subscribe` calls the module's own service as the shopper; `finish` leads on.
 */
const contentManifest = defineModule({
  routes: [refundPolicyRoute, myLettersRoute],
  actions: { subscribe: { fields: ['name', 'email'] }, finish: { fields: [] }, stray: { fields: [] } },
  cookies: [{ name: 'content-visitor', personal: true }],
});
const contentServerModule: ServerModule = {
  actions: {
    subscribe: async (request) => {
      const answer = await request.service({ method: 'POST', path: '/subscribers', body: request.fields });
      const outcome = answer.status === 201 ? 'subscribed' : String(answer.status);
      return showAgain(request, 'content/subscribe', { title: outcome, tone: 'info' }, 200, outcome);
    },
    finish: async (request) => ({
      redirect: `${request.page.pathname}?done=1`,
      cookies: ['finished=1; Path=/'],
    }),
    stray: async () => ({ redirect: '//evil.example/' }),
  },
  loaders: {
    // A reader known by their cookie: the page is handed what their letters are (made up here).
    '/my-letters': async ({ cookies }) =>
      cookies.has('reader')
        ? { answers: { '/api/content/letters': { status: 200, body: { reader: cookies.get('reader') } } } }
        : null,
  },
};

/**
 * The server renderer as the shell's server uses it, without a build: its pages are sent for the browser
 * to render (the e2e suite renders with the real one), and its modules' server code is the test's.
 */
const testRenderer: PageRenderer = {
  render: () => Promise.reject(new Error('no server renderer in a unit test')),
  serverModule: async (_registry, module) => {
    if (module !== 'content') throw new Error(`${module} is not published here`);
    return contentServerModule;
  },
};

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
  /** The same shell as `npm start` runs it: `npm run dev` may point a browser at a dev server. */
  let devApp: ReturnType<typeof createShellServer>;
  let devSessionFile: string;
  let liveVersion: string;
  let echoUrl: string;
  let files: BuildFiles;
  let registry: FileRegistry;

  beforeAll(async () => {
    content = await openTestService('pglite', {
      name: 'content',
      migrationsDir: path.join(__dirname, '../../../services/content/migrations'),
      start: (context) => startContent(context, { signUps: { limit: 1000, windowMs: 60_000 } }),
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
        manifest: contentManifest,
      })
    ).version;
    await activate(registry, 'content', liveVersion, 'jest');
    // Modules live for their services only (the shell serves the API of a live module, whatever its name).
    for (const module of ['catalog', 'product', 'account']) {
      const published = await publish({ files, registry }, module, build, {
        packageVersion: '0.1.0',
        commit: 'test',
        by: 'jest',
        manifest: defineModule({ routes: [] }),
      });
      await activate(registry, module, published.version, 'jest');
    }
    const current = await registry.read();

    const config = readShellSettings({
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
    app = createShellServer(config, { files, registry: () => current }, silentLogger(), testRenderer);
    const devShellDist = mkdtempSync(path.join(tmpdir(), 'shell-dist-dev-'));
    writeFileSync(path.join(devShellDist, 'main.js'), 'console.log("dev shell")');
    devSessionFile = path.join(mkdtempSync(path.join(tmpdir(), 'run-')), 'dev-session.json');
    devApp = createShellServer(
      { ...config, DEV_SESSION_FILE: devSessionFile, DEV_SHELL_DIST: devShellDist },
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
    expect(Object.keys(res.body.modules).sort()).toEqual(['account', 'catalog', 'content', 'product']);
    expect(res.body.modules.content).toEqual({
      version: liveVersion,
      entry: `/remotes/content/${liveVersion}/remoteEntry.js`,
      routes: [refundPolicyRoute, myLettersRoute],
      bindings: [],
      slots: {},
      links: [],
    });
  });

  it('renders a page with the answers its server loader had for its visitor, and keeps it for no one', async () => {
    const mine = await request(app).get('/my-letters').set('accept', 'text/html').set('cookie', 'reader=ada');
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toMatch(/private|no-store/);
    expect(pageState(mine.text).responses['/api/content/letters']).toEqual({
      status: 200,
      body: { reader: 'ada' },
    });

    const anyone = await request(app).get('/my-letters').set('accept', 'text/html');
    expect(pageState(anyone.text).responses['/api/content/letters']).toBeUndefined();
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
      siteUrl: 'http://localhost:3000',
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

  it('caches hashed shell assets for good, and a page no one may keep (not rendered here) nowhere', async () => {
    expect((await request(app).get('/main.0123456789.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await request(app).get('/refund-policy').set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('private, no-store');
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

  describe('forms sent without scripts', () => {
    const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      request(app)
        .post(path)
        .set({ 'sec-fetch-site': 'same-origin', accept: 'text/html', ...headers })
        .type('form')
        .send(fields);

    it('has the module named in _action carry it out, with its own service, as the shopper', async () => {
      const res = await post('/refund-policy', {
        _action: 'content/subscribe',
        name: 'Ada',
        email: 'ada-form@lab.example',
      });
      expect(res.status).toBe(200);
      expect(pageState(res.text).echo).toEqual({
        action: 'content/subscribe',
        values: { _action: 'content/subscribe', name: 'Ada', email: 'ada-form@lab.example' },
        outcome: 'subscribed',
        message: { title: 'subscribed', tone: 'info' },
      });
      // The service saw the shopper: the same address twice is the same subscriber.
      const again = await post('/refund-policy', {
        _action: 'subscribe',
        name: 'Ada',
        email: 'ada-form@lab.example',
      });
      expect(pageState(again.text).echo?.outcome).toBe('409');
    });

    it("passes the module's cookies and redirect on, and refuses a redirect off the site", async () => {
      const res = await post('/refund-policy', { _action: 'content/finish' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/refund-policy?done=1');
      expect(res.headers['set-cookie']).toEqual(['finished=1; Path=/']);
      const twice = await post('//evil.example', { _action: 'content/finish' });
      expect(twice.headers.location).toBe('/evil.example?done=1');
      expect((await post('/refund-policy', { _action: 'content/stray' })).status).toBe(502);
    });

    it('sends a page asked with leading slashes or backslashes to the page of this site, never another host', async () => {
      for (const [asked, page] of [
        ['//evil.example/catalog', '/evil.example/catalog'],
        ['/\\evil.example/catalog?q=1', '/evil.example/catalog?q=1'],
        ['///evil.example', '/evil.example'],
      ]) {
        const res = await request(app).get(asked!).set('accept', 'text/html');
        expect({ asked, status: res.status, location: res.headers.location }).toEqual({
          asked,
          status: 301,
          location: page,
        });
      }
    });

    it('asks the age question first for a form that needs it, and sets the answer given with it', async () => {
      const asked = await post('/refund-policy', { _action: 'content/finish', ageGate: 'required' });
      expect(asked.status).toBe(200);
      expect(pageState(asked.text).echo).toMatchObject({ action: 'content/finish', outcome: 'age-required' });
      const answered = await post('/refund-policy', {
        _action: 'content/finish',
        ageGate: 'required',
        ageConfirmed: 'yes',
      });
      expect(answered.status).toBe(303);
      expect(answered.headers['set-cookie']![0]).toMatch(/^ageVerified=true;/);
    });

    it('refuses every action no manifest declares as its own, inherited names included', async () => {
      for (const name of [
        'explode',
        'content/explode',
        'constructor',
        'content/constructor',
        '__proto__/x',
        'toString',
        'content/hasOwnProperty',
        'valueOf/valueOf',
      ]) {
        const res = await post('/refund-policy', { _action: name });
        expect({ name, status: res.status }).toEqual({ name, status: 400 });
      }
    });

    it('answers the age gate with a cookie the page scripts share, and the same page again', async () => {
      const res = await post('/refund-policy?x=1', { _action: 'age' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/refund-policy?x=1');
      expect(res.headers['set-cookie']![0]).toMatch(
        /^ageVerified=true; Path=\/; Max-Age=31536000; SameSite=Lax$/,
      );
    });

    it('refuses a form sent from another site, or naming no action it knows', async () => {
      const foreign: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': '', origin: 'https://evil.example' },
      ];
      for (const headers of foreign) {
        const res = await post('/refund-policy', { _action: 'age' }, headers);
        expect(res.status).toBe(403);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect((await post('/refund-policy', { _action: 'explode' })).status).toBe(400);
    });

    it('never keeps a page for a request carrying a cookie a module declared personal', async () => {
      const res = await request(app)
        .get('/refund-policy')
        .set({ accept: 'text/html', cookie: 'content-visitor=1' });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('the one-module loop (npm run dev)', () => {
    const devServer = 'http://127.0.0.1:3300';
    const token = 'a'.repeat(20) + 'B'.repeat(20);
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const pageWith = (shell: typeof app, cookie: string) =>
      request(shell).get('/refund-policy').set('accept', 'text/html').set('cookie', cookie);
    const optIn = (shell: typeof app, headers: Record<string, string>, given = token) =>
      request(shell).post('/__dev/modules/content').set(headers).type('form').send({ token: given });
    const expectLive = (page: request.Response) => {
      expect(page.text).toContain('<script data-scripts="/main.0123456789.js">');
      expect(pageState(page.text).registry.modules.content!.version).toBe(liveVersion);
      expect(page.headers['content-security-policy']).not.toContain('3300');
    };

    beforeEach(() =>
      writeFileSync(devSessionFile, JSON.stringify({ module: 'content', origin: devServer, token })),
    );
    afterEach(() => rmSync(devSessionFile, { force: true }));

    it('points the browser holding the printed token at the dev server for that one module', async () => {
      const joined = await optIn(devApp, sameOrigin);
      expect(joined.status).toBe(303);
      const cookie = joined.headers['set-cookie']![0]!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);

      const page = await pageWith(devApp, cookie.split(';')[0]!);
      // The shell's development build from this origin; only the module comes from the dev server.
      expect(page.text).toContain(`<script data-scripts="${DEV_SHELL_PATH}/main.js">`);
      expect(pageState(page.text).registry.modules.content).toEqual({
        version: 'dev',
        entry: `${devServer}/remoteEntry.js`,
        routes: [
          { ...refundPolicyRoute, render: 'client' },
          { ...myLettersRoute, render: 'client' },
        ],
        bindings: [],
        slots: {},
        links: [],
      });
      const policy = page.headers['content-security-policy']!;
      expect(policy).toMatch(new RegExp(`script-src [^;]*${devServer}`));
      expect(policy).toMatch(/connect-src [^;]*ws:\/\/127\.0\.0\.1:3300/);
      const devShell = await request(devApp).get(`${DEV_SHELL_PATH}/main.js`).set('cookie', cookie);
      expect(devShell.text).toBe('console.log("dev shell")');
      const registryJson = await request(devApp).get('/registry.json').set('cookie', cookie);
      expect(registryJson.body.modules.content.entry).toBe(`${devServer}/remoteEntry.js`);

      const back = await request(devApp).post('/__dev/modules/clear').set(sameOrigin).set('cookie', cookie);
      expect(back.headers['set-cookie']![0]).toMatch(/^storefront-dev-module=;/);
    });

    it('cannot be set by another site, by a link, or without the token', async () => {
      const foreign: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        {},
      ];
      for (const headers of foreign) {
        const res = await optIn(devApp, headers);
        expect(res.status).toBe(403);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const wrongToken = await optIn(devApp, sameOrigin, 'b'.repeat(40));
      expect(wrongToken.status).toBe(403);
      expect(wrongToken.headers['set-cookie']).toBeUndefined();
      const link = await request(devApp).get(`/__dev/modules/content?token=${token}`);
      expect(link.status).toBe(200);
      expect(link.headers['set-cookie']).toBeUndefined();
    });

    it('ends with the dev command: the cookie then loads the live versions', async () => {
      const cookie = (await optIn(devApp, sameOrigin)).headers['set-cookie']![0]!.split(';')[0]!;
      rmSync(devSessionFile);
      await new Promise((resolve) => setTimeout(resolve, 600)); // the shell reads the session twice a second
      expectLive(await pageWith(devApp, cookie));
      expect((await request(devApp).get(`${DEV_SHELL_PATH}/main.js`).set('cookie', cookie)).status).toBe(404);
    });

    it('leaves every other browser, and a shell npm start did not arm, on the live versions', async () => {
      expectLive(await pageWith(devApp, ''));
      expectLive(await pageWith(devApp, `storefront-dev-module=${'c'.repeat(40)}`));
      expectLive(await pageWith(app, `storefront-dev-module=${token}`));
      expect((await request(devApp).get(`${DEV_SHELL_PATH}/main.js`)).status).toBe(404);
      const notArmed = await optIn(app, sameOrigin);
      expect(notArmed.status).toBeGreaterThanOrEqual(400);
      expect(notArmed.headers['set-cookie']).toBeUndefined();
    });

    it('serves the shell development build from where mf-config builds it to load', () => {
      expect(DEV_SHELL_PATH).toBe(mfConfig.DEV_SHELL_PATH);
    });
  });

  describe('in production', () => {
    const sound = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
      SITE_URL: 'https://shop.example',
      SERVICE_KEY: 'a-real-secret-of-enough-length-1234',
    };
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        readShellConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('starts when every setting is sound', () => {
      expect(refusal(sound)).toBe('');
    });

    it('refuses the one-module loop', () => {
      expect(refusal({ ...sound, DEV_SESSION_FILE: '/tmp/dev-session.json' })).toContain(
        'DEV_SESSION_FILE: set, which lets a developer load a module from a dev server',
      );
    });

    it('refuses the development service key, with which anyone could sign their own canary bucket', () => {
      expect(refusal({ ...sound, SERVICE_KEY: undefined })).toContain(
        'SERVICE_KEY: left at its development default',
      );
    });

    it('refuses a registry kept in a file of its own', () => {
      expect(refusal({ ...sound, DATABASE_URL: undefined })).toContain('DATABASE_URL: not set');
    });

    it('refuses a site address on this machine', () => {
      expect(refusal({ ...sound, SITE_URL: 'http://localhost:3000' })).toContain(
        'SITE_URL: points at this machine (localhost)',
      );
    });
  });
});
