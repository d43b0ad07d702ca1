import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { BucketBuilds } from './bucket-builds';
import { BuildFiles, hashDirectory } from './build-files';
import { FileRegistry } from './file-registry';
import { PostgresRegistry } from './postgres-registry';
import { toPublicRegistry } from './records';
import { activate, type RegistryStore } from './registry-store';
import { mirrorLiveVersions, publish } from './store';

function buildFolder(content: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-'));
  writeFileSync(path.join(dir, 'remoteEntry.js'), content);
  mkdirSync(path.join(dir, 'nested'));
  writeFileSync(path.join(dir, 'nested', 'chunk.js'), 'chunk');
  return dir;
}

const meta = { packageVersion: '0.1.0', commit: 'abc1234', by: 'tester' };

describe('build files', () => {
  it('keep each build under a content-derived version, the same build once', () => {
    const files = new BuildFiles(mkdtempSync(path.join(tmpdir(), 'artifacts-')));
    const first = files.put('content', buildFolder('v1'), '0.1.0');
    const again = files.put('content', buildFolder('v1'), '0.1.0');
    expect(first.version).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
    expect(again).toEqual(first);
    expect(
      readFileSync(path.join(files.versionDir('content', first.version), 'nested/chunk.js'), 'utf8'),
    ).toBe('chunk');
  });

  it('refuse path tricks in module names and versions', () => {
    const files = new BuildFiles(mkdtempSync(path.join(tmpdir(), 'artifacts-')));
    expect(() => files.versionDir('../etc', '1')).toThrow();
    expect(() => files.versionDir('content', '../../x')).toThrow();
  });
});

/** Both registries, each fresh: the file one always, PostgreSQL's with TEST_DATABASE_URL. */
const registries: Array<[string, () => Promise<RegistryStore>]> = [
  ['a file', async () => new FileRegistry(mkdtempSync(path.join(tmpdir(), 'registry-')))],
  ...(process.env.TEST_DATABASE_URL
    ? ([
        [
          'PostgreSQL',
          () =>
            PostgresRegistry.open(
              process.env.TEST_DATABASE_URL!,
              `test_${randomBytes(4).toString('hex')}_registry`,
            ),
        ],
      ] as Array<[string, () => Promise<RegistryStore>]>)
    : []),
];

describe('the registry in a file', () => {
  it('looks at the file once per turn of the event loop, and sees a change in the next turn', async () => {
    const registry = new FileRegistry(mkdtempSync(path.join(tmpdir(), 'registry-')));
    const liveVersion = (version: string) =>
      JSON.stringify({ modules: { content: { ...content, live: version } } });
    const content = { versions: [], history: [], live: null, canary: null };
    writeFileSync(registry.path, liveVersion('v1'));
    const live = await registry.live();
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(live.current().modules.content?.live).toBe('v1');
      // Replaced (as a deploy does) in the middle of a turn, whose requests had all arrived before it.
      writeFileSync(`${registry.path}.tmp`, liveVersion('v2'));
      renameSync(`${registry.path}.tmp`, registry.path);
      expect(live.current().modules.content?.live).toBe('v1');
      await new Promise((resolve) => setImmediate(resolve));
      expect(live.current().modules.content?.live).toBe('v2');
    } finally {
      await live.close();
    }
  });
});

describe.each(registries)('the registry in %s', (_kind, open) => {
  let registry: RegistryStore;
  let files: BuildFiles;
  beforeEach(async () => {
    registry = await open();
    files = new BuildFiles(mkdtempSync(path.join(tmpdir(), 'artifacts-')));
  });
  afterEach(async () => {
    if (registry instanceof PostgresRegistry) await registry.dropForTests();
    await registry.close();
  });

  it('records each version once, and the browser sees only live entries', async () => {
    const v1 = await publish({ files, registry }, 'content', buildFolder('v1'), meta);
    expect(await publish({ files, registry }, 'content', buildFolder('v1'), meta)).toEqual(v1);
    const v2 = await publish({ files, registry }, 'content', buildFolder('v2'), meta);
    expect(v2.version).not.toBe(v1.version);
    expect(toPublicRegistry(await registry.read())).toEqual({ modules: {} });

    await activate(registry, 'content', v1.version, 'ops');
    await activate(registry, 'content', v2.version, 'ops');
    await activate(registry, 'content', v1.version, 'ops', 'rollback');
    const record = (await registry.read()).modules.content!;
    expect(record.versions).toHaveLength(2);
    expect(record.live).toBe(v1.version);
    expect(record.history.map((h) => [h.action, h.version, h.previous, h.why])).toEqual([
      ['publish', v1.version, null, 'manual'],
      ['publish', v2.version, null, 'manual'],
      ['activate', v1.version, null, 'manual'],
      ['activate', v2.version, v1.version, 'manual'],
      ['rollback', v1.version, v2.version, 'manual'],
    ]);
  });

  it('releases a remote with its service: either half changing makes a new release, the service stored once', async () => {
    const service = (label: string) => ({
      dir: buildFolder(label),
      packageVersion: '0.2.0',
      migrations: ['001.sql'],
    });
    const first = await publish({ files, registry }, 'checkout', buildFolder('ui'), meta, service('svc-1'));
    const serviceOnly = await publish(
      { files, registry },
      'checkout',
      buildFolder('ui'),
      meta,
      service('svc-2'),
    );
    expect(serviceOnly.version).not.toBe(first.version);
    expect(serviceOnly.ui).toEqual(first.ui);
    expect(serviceOnly.service!.version).not.toBe(first.service!.version);
    expect(first.service!.version).toMatch(/^0\.2\.0-[0-9a-f]{12}$/);
    expect(
      existsSync(path.join(files.serviceDir('checkout', first.service!.version), 'remoteEntry.js')),
    ).toBe(true);

    // A release of the UI alone keeps the live release's service.
    await activate(registry, 'checkout', serviceOnly.version, 'ops');
    const uiOnly = await publish({ files, registry }, 'checkout', buildFolder('ui-2'), meta);
    expect(uiOnly.service).toEqual(serviceOnly.service);
    expect(uiOnly.ui!.version).not.toBe(serviceOnly.ui!.version);
  });

  it('refuses to activate a version that was never published', async () => {
    await expect(activate(registry, 'content', '9.9.9-nothing', 'ops')).rejects.toThrow(
      'content has no published version 9.9.9-nothing',
    );
  });

  it('keeps both of two deploys made at once, recorded in the order they took the lock', async () => {
    const versions = await Promise.all(
      ['a', 'b', 'c', 'd'].map((label) => publish({ files, registry }, 'content', buildFolder(label), meta)),
    );
    expect((await registry.read()).modules.content!.versions).toHaveLength(4);
    await Promise.all(versions.map((v) => activate(registry, 'content', v.version, `deployer-${v.version}`)));
    const { history: entries, live } = (await registry.read()).modules.content!;
    const history = entries.filter((h) => h.action === 'activate');
    expect(history.map((h) => h.version).sort()).toEqual(versions.map((v) => v.version).sort());
    // Each change saw the one before it: the chain of previous versions is unbroken.
    expect(history.map((h) => h.previous)).toEqual([null, ...history.slice(0, -1).map((h) => h.version)]);
    expect(live).toBe(history.at(-1)!.version);
  });

  it('shows a shell a change made elsewhere within a second', async () => {
    const v1 = await publish({ files, registry }, 'content', buildFolder('v1'), meta);
    const live = await registry.live();
    try {
      const started = Date.now();
      await activate(registry, 'content', v1.version, 'ops');
      while (live.current().modules.content?.live !== v1.version) {
        if (Date.now() - started > 1_000) throw new Error('the change was not seen within a second');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await live.close();
    }
  });
});

describe('builds in an S3-compatible bucket', () => {
  // s3rver: an S3-compatible server on loopback, standing in for the object store (and its CDN).
  let server: S3rver;
  const endpoint = 'http://127.0.0.1:4599';
  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    server = new S3rver({
      port: 4599,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(path.join(tmpdir(), 's3rver-')),
      configureBuckets: [{ name: 'builds', configs: [] }],
    });
    await server.run();
  });
  afterAll(() => server.close());

  it('are uploaded once by a deploy and copied by a shell on another machine, whole', async () => {
    const bucket = new BucketBuilds({ bucket: 'builds', endpoint });
    const registry = new FileRegistry(mkdtempSync(path.join(tmpdir(), 'registry-')));
    const deployer = {
      files: new BuildFiles(mkdtempSync(path.join(tmpdir(), 'deployer-'))),
      registry,
      bucket,
    };
    const published = await publish(deployer, 'content', buildFolder('v1'), meta);
    await activate(registry, 'content', published.version, 'ops');
    await publish(deployer, 'content', buildFolder('v1'), meta); // the same build again: nothing new

    const shell = { files: new BuildFiles(mkdtempSync(path.join(tmpdir(), 'shell-'))), bucket };
    await mirrorLiveVersions(shell, await registry.read());
    const copied = shell.files.versionDir('content', published.version);
    expect(readFileSync(path.join(copied, 'remoteEntry.js'), 'utf8')).toBe('v1');
    expect(readFileSync(path.join(copied, 'nested/chunk.js'), 'utf8')).toBe('chunk');
    expect(hashDirectory(copied)).toBe(published.contentHash);
    bucket.close();
  });

  it('refuse to copy a version the bucket does not have whole', async () => {
    const bucket = new BucketBuilds({ bucket: 'builds', endpoint });
    const shell = new BuildFiles(mkdtempSync(path.join(tmpdir(), 'shell-')));
    await expect(bucket.download(shell, 'content', '0.1.0-000000000000')).rejects.toThrow(
      'The bucket has no published content 0.1.0-000000000000',
    );
    bucket.close();
  });
});
