import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { activate, BuildFiles, FileRegistry, publish, startCanary } from '@storefront/artifact-store';
import { ProcessMetrics } from '@storefront/service-kit';
import { silentLogger } from '@storefront/service-kit/testing';
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
      readShellConfig({ SHELL_DIST: shellDist, SERVICE_ENDPOINTS_FILE: table }),
      { files, registry: () => current, metrics },
      silentLogger(),
      null,
    );
  });

  it('gives a shopper without a place one, and keeps them where their place says', async () => {
    const first = await request(app).get('/registry.json');
    expect(first.headers['set-cookie']?.[0]).toMatch(
      /^storefront-bucket=\d{1,2}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    const inCanary = await request(app).get('/registry.json').set('Cookie', 'storefront-bucket=5');
    const outside = await request(app).get('/registry.json').set('Cookie', 'storefront-bucket=50');
    expect(inCanary.body.modules.content.version).toBe(versions[1]);
    expect(outside.body.modules.content.version).toBe(versions[0]);
    expect(inCanary.headers['set-cookie']).toBeUndefined();
  });

  it("sends a shopper in the canary to its service, and counts each release's answers apart", async () => {
    const canary = await request(app).get('/api/content/policies/x').set('Cookie', 'storefront-bucket=9');
    const live = await request(app).get('/api/content/policies/x').set('Cookie', 'storefront-bucket=10');
    expect([canary.body.name, live.body.name]).toEqual(['canary', 'live']);
    const text = await metrics.registry.metrics();
    for (const version of versions)
      expect(text).toMatch(
        new RegExp(
          `storefront_http_requests_total\\{[^}]*module="content",release="${version}",route="/policies"`,
        ),
      );
  });

  it('counts a module release failing in browsers, and nothing it does not know', async () => {
    await request(app)
      .post('/__errors')
      .send({ module: 'content', version: versions[1], kind: 'render' })
      .expect(204);
    await request(app)
      .post('/__errors')
      .send({ module: 'content', version: 'made-up', kind: 'render' })
      .expect(204);
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      `storefront_browser_errors_total{module="content",release="${versions[1]}",kind="render",process="shell"} 1`,
    );
    expect(text).not.toContain('made-up');
  });
});
