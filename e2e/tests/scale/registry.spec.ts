import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { activate, BuildFiles, PostgresRegistry, publish, type Registry } from '@storefront/artifact-store';
import { callFrom, instancesOf, SCALE_STACK } from '../../support/scale-stack';

/**
 * Deploys and rollbacks on the stack's PostgreSQL registry, made as `npm run deploy` and `npm run
 * rollback` make them (the build, compatibility and smoke checks before that have tests of their own),
 * seen by both shells.
 */
test.describe.configure({ mode: 'serial' });

const ROOT = path.resolve(__dirname, '../../..');
let registry: PostgresRegistry;
let files: BuildFiles;
let original: string;

test.beforeAll(async () => {
  registry = await PostgresRegistry.open(
    process.env.TEST_DATABASE_URL!,
    `${SCALE_STACK.schemaPrefix}registry`,
  );
  files = new BuildFiles(path.join(ROOT, SCALE_STACK.dataDir, 'artifacts'));
  original = (await registry.read()).modules.content!.live!;
});

test.afterAll(async () => {
  await activate(registry, 'content', original, 'e2e', 'rollback');
  await registry.close();
});

/** A new build of the content module: the live one with one file more. */
async function newContentVersion(label: string): Promise<string> {
  const copy = mkdtempSync(path.join(tmpdir(), 'content-'));
  cpSync(files.versionDir('content', original), copy, { recursive: true });
  writeFileSync(path.join(copy, `e2e-${label}.txt`), label);
  const manifest = (await registry.read()).modules.content!.versions.find(
    (v) => v.version === original,
  )!.manifest;
  return (
    await publish({ files, registry }, 'content', copy, {
      packageVersion: '0.1.0',
      commit: 'e2e',
      by: 'e2e',
      manifest,
    })
  ).version;
}

/** How long until every shell serves `version` of content (its /registry.json and its pages). */
async function untilEveryShellServes(version: string): Promise<number> {
  const started = Date.now();
  const shells = instancesOf('shell');
  expect(shells).toHaveLength(2);
  for (const shell of shells) {
    for (;;) {
      const live = (await callFrom('127.0.0.41', `${shell.url}/registry.json`)).json<{
        modules: Record<string, { version: string }>;
      }>();
      if (live.modules.content?.version === version) break;
      if (Date.now() - started > 5_000)
        throw new Error(`${shell.label} still serves ${live.modules.content?.version}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const page = await callFrom('127.0.0.41', `${shell.url}/refund-policy`);
    expect(page.body).toContain(`/remotes/content/${version}/`);
  }
  return Date.now() - started;
}

/** A policy page as an anonymous visitor gets it through nginx: from its page cache, or from a shell. */
const keptPolicyPage = () => callFrom('127.0.0.41', `${SCALE_STACK.baseURL}/refund-policy`);

/** The policy page is kept by the edge (answered without asking a shell) and made with `version`. */
async function keptByTheEdge(version: string) {
  await keptPolicyPage();
  const kept = await keptPolicyPage();
  expect(kept.headers['x-edge-cache']).toBe('HIT');
  expect(kept.body).toContain(`/remotes/content/${version}/`);
}

test('a deploy and a rollback are served by both shells within a second, and by the edge at once', async () => {
  await keptByTheEdge(original);
  const next = await newContentVersion('deploy');
  await activate(registry, 'content', next, 'e2e');
  expect(await untilEveryShellServes(next)).toBeLessThan(1_000);
  // Once both shells serve the deploy, the page the edge kept from before it is never sent again.
  expect((await keptPolicyPage()).body).toContain(`/remotes/content/${next}/`);
  await keptByTheEdge(next);
  await activate(registry, 'content', original, 'e2e', 'rollback');
  expect(await untilEveryShellServes(original)).toBeLessThan(1_000);
  expect((await keptPolicyPage()).body).toContain(`/remotes/content/${original}/`);
});

test('two deploys started at once both end recorded, in order, neither lost', async () => {
  const [a, b] = await Promise.all([newContentVersion('a'), newContentVersion('b')]);
  const before = (await registry.read()).modules.content!.history.length;
  await Promise.all([
    activate(registry, 'content', a!, 'deployer-a'),
    activate(registry, 'content', b!, 'deployer-b'),
  ]);
  const record: Registry['modules'][string] = (await registry.read()).modules.content!;
  const latest = record.history.slice(before);
  expect(latest.map((entry) => entry.version).sort()).toEqual([a, b].sort());
  // The second to take the lock saw the first: its 'previous' is the first's version.
  expect(latest[1]!.previous).toBe(latest[0]!.version);
  expect(record.live).toBe(latest[1]!.version);
  await untilEveryShellServes(record.live!);
});
