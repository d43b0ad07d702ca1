import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createLogger,
  DEVELOPMENT_SERVICE_KEY,
  edgeControl,
  SERVICE_KEY_HEADER,
} from '@storefront/server-kit';
import { balancerCommand } from './balancer';
import { edgeControlPort, planStack } from './stack-plan';

/**
 * The balancer npm start writes, run by nginx with its page cache (page-cache.js), in front of two
 * stand-in shells that answer as the shell does: a page kept for anyone (s-maxage) to a request
 * without cookies, private otherwise, an API answer with a browser's max-age.
 */
const plan = planStack({ offset: 760, instances: 2 });
const shop = plan.shell.url;
const control = `http://127.0.0.1:${edgeControlPort(plan)}`;
const logger = createLogger('balancer-test', 'silent');
const canRun = existsSync('/usr/sbin/nginx') && existsSync('/usr/lib/nginx/modules/ngx_http_js_module.so');
if (!canRun) {
  console.warn(
    'The balancer tests need nginx and its JavaScript module (apt-get install nginx libnginx-mod-http-js); skipped.',
  );
}
const describeWithNginx = canRun ? describe : describe.skip;

describeWithNginx('the balanced stack keeps anonymous pages in front of the shells', () => {
  let runDir: string;
  let nginx: ChildProcess;
  let shells: Server[];
  /** What the shells show now, as a service's snapshot or the registry would: swapped by `publish`. */
  let price = '$89.00';
  let renders = 0;

  beforeAll(async () => {
    runDir = mkdtempSync(path.join(tmpdir(), 'balancer-'));
    // As a stack's run folder is: nginx's workers, without root's rights, reach the cache's state in it.
    chmodSync(runDir, 0o755);
    shells = plan.shell.instances.map((instance) =>
      createServer((req, res) => {
        renders += 1;
        const shared = !req.headers.cookie && !req.url!.startsWith('/api/');
        res.setHeader(
          'Cache-Control',
          req.url!.startsWith('/api/')
            ? 'public, max-age=60'
            : shared
              ? 'public, max-age=0, s-maxage=5, stale-while-revalidate=30'
              : 'private, no-cache',
        );
        res.end(`${req.url} at ${price}, encoded as ${req.headers['accept-encoding'] || 'nothing'}`);
      }).listen(instance.port, '127.0.0.1'),
    );
    const [command, ...args] = balancerCommand(plan, runDir);
    nginx = spawn(command!, args, {
      env: { ...process.env, EDGE_CONTROL_KEY: DEVELOPMENT_SERVICE_KEY },
      stdio: 'inherit',
    });
    for (let tries = 0; ; tries++) {
      const answer = await fetch(`${shop}/ready`).catch(() => null);
      if (answer) break;
      if (tries > 100) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    nginx.kill('SIGTERM');
    await new Promise((resolve) => nginx.once('exit', resolve));
    await Promise.all(shells.map((shell) => new Promise((resolve) => shell.close(resolve))));
    rmSync(runDir, { recursive: true, force: true });
  });

  const get = async (address: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${shop}${address}`, {
      headers: { 'accept-encoding': 'identity', ...headers },
    });
    return { cache: answer.headers.get('x-edge-cache'), body: await answer.text() };
  };
  const edge = (urls = [control]) =>
    edgeControl({ urls, serviceKey: DEVELOPMENT_SERVICE_KEY, holder: 'test', logger, timeoutMs: 1_000 });
  const holds = () => readdirSync(path.join(runDir, 'edge')).filter((name) => name.startsWith('hold.'));
  const tell = (path: string, key = DEVELOPMENT_SERVICE_KEY) =>
    fetch(`${control}${path}`, { method: 'POST', headers: { [SERVICE_KEY_HEADER]: key } });

  it('answers a page kept for anyone from its cache, once a shell has made it', async () => {
    expect((await get('/product/semax')).cache).toBe('MISS');
    const before = renders;
    const again = await get('/product/semax');
    expect(again).toEqual({ cache: 'HIT', body: '/product/semax at $89.00, encoded as nothing' });
    expect(renders).toBe(before);
  });

  it('keeps one copy per encoding the shells would choose, and asks them with that encoding only', async () => {
    await get('/catalogue', { 'accept-encoding': 'gzip, deflate, br' });
    const brotli = await get('/catalogue', { 'accept-encoding': 'br;q=1, gzip' });
    expect(brotli).toEqual({ cache: 'HIT', body: '/catalogue at $89.00, encoded as br' });
    expect((await get('/catalogue', { 'accept-encoding': 'gzip' })).body).toContain('encoded as gzip');
    // A client that refuses brotli by q=0 is never sent the brotli copy.
    expect((await get('/catalogue', { 'accept-encoding': 'br;q=0, gzip' })).body).toContain(
      'encoded as nothing',
    );
  });

  it('leaves a visitor with cookies, and any answer not marked for sharing, to the shells', async () => {
    await get('/product/semax');
    expect((await get('/product/semax', { cookie: 'cart=1' })).cache).toBe('BYPASS');
    await get('/api/catalog/catalogue');
    expect((await get('/api/catalog/catalogue')).cache).toBe('MISS');
  });

  it('serves no page kept before a publication after it, and keeps pages again after it', async () => {
    await get('/product/semax');
    expect((await get('/product/semax')).body).toContain('$89.00');
    let holdsDuringSwap: string[] = [];
    await edge().publish(() => {
      holdsDuringSwap = holds();
      price = '$94.00';
    });
    expect(holdsDuringSwap).toEqual([expect.stringMatching(/^hold\.test-\d+-[0-9a-f]{12}\.\d+$/)]);
    expect(holds()).toEqual([]);
    const after = await get('/product/semax');
    expect(after).toEqual({ cache: 'MISS', body: '/product/semax at $94.00, encoded as nothing' });
    expect((await get('/product/semax')).cache).toBe('HIT');
    // While a holder holds it, nothing is read from or written to the cache.
    expect((await tell('/edge/hold/someone?ms=10000')).status).toBe(204);
    expect((await get('/product/semax')).cache).toBe('BYPASS');
    expect((await get('/product/semax')).cache).toBe('BYPASS');
    expect((await tell('/edge/release/someone')).status).toBe(204);
    expect((await get('/product/semax')).cache).toBe('MISS');
  });

  it('never serves again what it kept before a hold whose holder died before releasing it', async () => {
    await get('/policies/refund');
    expect((await get('/policies/refund')).cache).toBe('HIT');
    await tell('/edge/hold/died?ms=300');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await get('/policies/refund')).cache).toBe('MISS');
    expect((await get('/policies/refund')).cache).toBe('HIT');
  });

  it('takes holds and releases only from holders of the service key', async () => {
    expect((await tell('/edge/hold/stranger?ms=10000', 'not-the-key')).status).toBe(403);
    // A holder's name is a file's name in the edge's state: nothing that could name another place.
    expect((await tell('/edge/hold/..%2F..%2Fetc')).status).toBe(404);
    expect((await tell('/edge/hold/a.b')).status).toBe(404);
    await get('/product/semax');
    expect((await get('/product/semax')).cache).toBe('HIT');
  });

  it('still makes new data current when an edge cannot be reached', async () => {
    let swapped = false;
    await edge(['http://127.0.0.1:9']).publish(() => {
      swapped = true;
    });
    expect(swapped).toBe(true);
  });
});
