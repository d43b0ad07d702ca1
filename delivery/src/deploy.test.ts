import { defineModule } from '@storefront/routing/module';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { activate, BuildFiles, FileRegistry, publish, type Artifacts } from '@storefront/artifact-store';
import { deployRemote, DeployRefused, type SmokeCheck } from './deploy';
import { rollbackTarget } from './rollback-target';

const shell = { busContract: '1.0.0', singletons: { react: '19.3.1', rxjs: '7.8.2' } };

function build(label: string, singletons: Record<string, string> = { react: '19.3.1', rxjs: '7.8.2' }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-build-'));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var content = "${label}";`);
  writeFileSync(
    path.join(dir, 'storefront-module.json'),
    JSON.stringify({
      name: 'content',
      exposes: ['Newsletter'],
      manifest: defineModule({ routes: [] }),
      busContract: '1.0.0',
      singletons,
    }),
  );
  return dir;
}

/** Build files and a file registry in a fresh folder. */
function freshArtifacts() {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-'));
  return { files: new BuildFiles(dir), registry: new FileRegistry(dir) };
}

describe('deployRemote', () => {
  let artifacts: Pick<Artifacts, 'files' | 'registry'>;
  const passes: SmokeCheck = async () => undefined;
  const live = async () => (await artifacts.registry.read()).modules.content!;
  const deploy = (buildDir: string, smokeCheck = passes) =>
    deployRemote({
      artifacts,
      remote: { name: 'content', dir: 'mfe-content' },
      buildDir,
      shell,
      smokeCheck,
      packageVersion: '0.1.0',
      commit: 'abc',
      by: 'tester',
    });

  beforeEach(() => {
    artifacts = freshArtifacts();
  });

  it('publishes and makes live a build that fits and passes the smoke check', async () => {
    const first = await deploy(build('one'));
    const second = await deploy(build('two'));
    expect(second.previous).toBe(first.version);
    expect((await live()).live).toBe(second.version);
  });

  it('refuses a build the live shell cannot satisfy, saying what does not match, and changes nothing', async () => {
    const first = await deploy(build('one'));
    await expect(deploy(build('two', { react: '20.0.0', rxjs: '7.8.2' }))).rejects.toThrow(
      'Refusing to deploy content: it does not fit the live site.\n  - react: content was built against 20.0.0 and needs ^20.0.0; the live shell provides 19.3.1.',
    );
    expect((await live()).live).toBe(first.version);
    expect((await live()).versions).toHaveLength(1);
  });

  it('leaves the live version untouched when the smoke check fails', async () => {
    const first = await deploy(build('one'));
    const failing: SmokeCheck = async () => {
      throw new Error('Newsletter did not load');
    };
    await expect(deploy(build('broken'), failing)).rejects.toThrow(
      new RegExp(`Newsletter did not load\\ncontent stays at ${first.version}`),
    );
    expect((await live()).live).toBe(first.version);
  });

  it('refuses a build of another module', async () => {
    const dir = build('one');
    const other = mkdtempSync(path.join(tmpdir(), 'other-'));
    cpSync(dir, other, { recursive: true });
    writeFileSync(
      path.join(other, 'storefront-module.json'),
      JSON.stringify({
        name: 'catalog',
        exposes: ['HomePage'],
        manifest: defineModule({ routes: [] }),
        busContract: '1.0.0',
        singletons: {},
      }),
    );
    await expect(deploy(other)).rejects.toBeInstanceOf(DeployRefused);
  });
});

describe('rollbackTarget', () => {
  it('goes back to the version live before the current one, or to a named one', async () => {
    const artifacts = freshArtifacts();
    const versions: string[] = [];
    for (const label of ['one', 'two', 'three']) {
      const published = await publish(artifacts, 'content', build(label), {
        packageVersion: '0.1.0',
        commit: 'abc',
        by: 't',
      });
      await activate(artifacts.registry, 'content', published.version, 't');
      versions.push(published.version);
    }
    expect(rollbackTarget(await artifacts.registry.read(), 'content')).toBe(versions[1]);
    await activate(artifacts.registry, 'content', versions[1]!, 't', 'rollback');
    const registry = await artifacts.registry.read();
    expect(rollbackTarget(registry, 'content')).toBe(versions[2]);
    expect(rollbackTarget(registry, 'content', versions[0])).toBe(versions[0]);
    expect(() => rollbackTarget(registry, 'content', '9.9.9-none')).toThrow(
      'content has no published version 9.9.9-none.',
    );
    expect(() => rollbackTarget(registry, 'catalog')).toThrow(
      'catalog has no live version to roll back from.',
    );
  });
});
