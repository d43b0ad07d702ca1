import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  activate,
  BuildFiles,
  FileRegistry,
  publish,
  signedBucket,
  startCanary,
} from '@storefront/artifact-store';
import { DEVELOPMENT_SERVICE_KEY, ProcessMetrics } from '@storefront/server-kit';
import { silentLogger } from '@storefront/server-kit/testing';
import request from 'supertest';
import { createShellServer } from './app';
import { readShellConfig } from './config';

const servers: Server[] = [];

/** A content service that says which release it is. */
async function contentRelease(name: string): Promise<string> {
  const server = createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ name })),
  );
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(() => servers.forEach((server) => server.close()));

/** A bucket cookie as the shell gives one (signed with the service key these tests' shell has). */
const bucket = (place: number) => `storefront-bucket=${signedBucket(place, DEVELOPMENT_SERVICE_KEY)}`;

describe('a canary, as the shell serves it', () => {
  let app: ReturnType<typeof createShellServer>;
  let metrics: ProcessMetrics;
  const versions: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'canary-'));
    const files = new BuildFiles(dir);
    const registry = new FileRegistry(dir);
    for (const label of ['live', 'canary']) {
      const build = mkdtempSync(path.join(tmpdir(), 'build-'));
      writeFileSync(path.join(build, 'remoteEntry.js'), `var content = "${label}";`);
      versions.push(
        (
          await publish({ files, registry }, 'content', build, {
            packageVersion: '0.1.0',
            commit: 'c',
            by: 't',
          })
        ).version,
      );
    }
    await activate(registry, 'content', versions[0]!, 'jest');
    await startCanary(registry, 'content', versions[1]!, 10, 'jest');
    const table = path.join(dir, 'endpoints.json');
    writeFileSync(
      table,
      JSON.stringify({
        content: {
          live: { url: await contentRelease('live'), release: versions[0] },
          canary: { url: await contentRelease('canary'), release: versions[1], share: 10 },
        },
      }),
    );
    const current = await registry.read();
    const shellDist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    writeFileSync(path.join(shellDist, 'storefront-shell.json'), JSON.stringify({ scripts: [] }));
    metrics = new ProcessMetrics('shell');
    app = createShellServer(
      // Behind a proxy on loopback, which says who each client is.
      readShellConfig({ SHELL_DIST: shellDist, SERVICE_ENDPOINTS_FILE: table, TRUST_PROXY: 'loopback' }),
      { files, registry: () => current, metrics },
      silentLogger(),
      null,
    );
  });

  it('gives a shopper without a place one, and keeps them where their place says', async () => {
    const first = await request(app).get('/registry.json');
    expect(first.headers['set-cookie']?.[0]).toMatch(
      /^storefront-bucket=\d{1,2}\.[\w-]{22}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    const inCanary = await request(app).get('/registry.json').set('Cookie', bucket(5));
    const outside = await request(app).get('/registry.json').set('Cookie', bucket(50));
    expect(inCanary.body.modules.content.version).toBe(versions[1]);
    expect(outside.body.modules.content.version).toBe(versions[0]);
    expect(inCanary.headers['set-cookie']).toBeUndefined();
  });

  it('ignores a place a shopper wrote themselves: they are given one, as a newcomer is', async () => {
    for (const forged of [
      'storefront-bucket=5',
      `storefront-bucket=5.${'A'.repeat(22)}`,
      'storefront-bucket=-1',
    ]) {
      const res = await request(app).get('/registry.json').set('Cookie', forged);
      expect(res.headers['set-cookie']?.[0]).toMatch(/^storefront-bucket=\d{1,2}\.[\w-]{22};/);
    }
    // A signature of one place does not vouch for another.
    const moved = bucket(50).replace('=50.', '=5.');
    const res = await request(app).get('/registry.json').set('Cookie', moved);
    expect(res.headers['set-cookie']?.[0]).toMatch(/^storefront-bucket=/);
  });

  it("sends a shopper in the canary to its service, and counts each release's answers apart", async () => {
    const canary = await request(app).get('/api/content/policies/x').set('Cookie', bucket(9));
    const live = await request(app).get('/api/content/policies/x').set('Cookie', bucket(10));
    expect([canary.body.name, live.body.name]).toEqual(['canary', 'live']);
    const text = await metrics.registry.metrics();
    for (const version of versions)
      expect(text).toMatch(
        new RegExp(
          `storefront_http_requests_total\\{[^}]*module="content",release="${version}",route="/policies"`,
        ),
      );
  });

  describe("shoppers' browser errors, by which a canary is judged", () => {
    /** A report as a page of the shop sends it (a same-origin beacon), from the client at `address`. */
    const report = (version: string, { place = 5, address = '10.0.0.1', site = 'same-origin' } = {}) =>
      request(app)
        .post('/__errors')
        .set({ cookie: bucket(place), 'sec-fetch-site': site, 'x-forwarded-for': address })
        .send({ module: 'content', version, kind: 'render' })
        .expect(204);
    const counted = async (version: string) => {
      const line = (await metrics.registry.metrics())
        .split('\n')
        .find((text) =>
          text.startsWith(`storefront_browser_errors_total{module="content",release="${version}"`),
        );
      return line ? Number(line.split(' ').at(-1)) : 0;
    };

    it('counts each shopper once per release, however often their pages report', async () => {
      const before = await counted(versions[1]!);
      for (let i = 0; i < 5; i++) await report(versions[1]!);
      expect(await counted(versions[1]!)).toBe(before + 1);
    });

    it('counts no report from another site, for a release the shopper is not served, or unknown', async () => {
      const [live, canary] = [await counted(versions[0]!), await counted(versions[1]!)];
      await report(versions[1]!, { site: 'cross-site', address: '10.0.0.2' });
      // A shopper outside the canary cannot report against it, nor one in it against the live release.
      await report(versions[1]!, { place: 50, address: '10.0.0.3' });
      await report(versions[0]!, { place: 5, address: '10.0.0.4' });
      await report('made-up', { address: '10.0.0.5' });
      expect([await counted(versions[0]!), await counted(versions[1]!)]).toEqual([live, canary]);
      expect(await metrics.registry.metrics()).not.toContain('made-up');
    });

    it('counts nothing more from a client past its reports a minute', async () => {
      const before = await counted(versions[1]!);
      for (let i = 0; i < 20; i++) await report('made-up', { address: '10.0.0.9' });
      await report(versions[1]!, { address: '10.0.0.9' });
      expect(await counted(versions[1]!)).toBe(before);
      await report(versions[1]!, { address: '10.0.0.10' });
      expect(await counted(versions[1]!)).toBe(before + 1);
    });
  });
});
