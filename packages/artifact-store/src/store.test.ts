import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ArtifactStore } from './store';
import { toPublicRegistry } from './records';

function buildFolder(content: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-'));
  writeFileSync(path.join(dir, 'remoteEntry.js'), content);
  mkdirSync(path.join(dir, 'nested'));
  writeFileSync(path.join(dir, 'nested', 'chunk.js'), 'chunk');
  return dir;
}

describe('ArtifactStore', () => {
  const meta = { packageVersion: '0.1.0', commit: 'abc1234', by: 'tester' };
  let store: ArtifactStore;
  beforeEach(() => {
    store = new ArtifactStore(mkdtempSync(path.join(tmpdir(), 'artifacts-')));
  });

  it('keeps each build under a content-derived version and publishes the same build once', () => {
    const first = store.publish('content', buildFolder('v1'), meta);
    const again = store.publish('content', buildFolder('v1'), meta);
    expect(first.version).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
    expect(again).toEqual(first);
    expect(
      readFileSync(path.join(store.versionDir('content', first.version), 'nested/chunk.js'), 'utf8'),
    ).toBe('chunk');
    expect(store.readRegistry().modules.content!.versions).toHaveLength(1);
  });

  it('makes a version live and records who did it, and the browser sees only live entries', () => {
    const v1 = store.publish('content', buildFolder('v1'), meta);
    const v2 = store.publish('content', buildFolder('v2'), meta);
    expect(v2.version).not.toBe(v1.version);
    expect(toPublicRegistry(store.readRegistry())).toEqual({ modules: {} });

    store.activate('content', v1.version, 'ops');
    store.activate('content', v2.version, 'ops');
    store.activate('content', v1.version, 'ops', 'rollback');

    const record = store.readRegistry().modules.content!;
    expect(record.live).toBe(v1.version);
    expect(record.history.map((h) => [h.action, h.version, h.previous])).toEqual([
      ['activate', v1.version, null],
      ['activate', v2.version, v1.version],
      ['rollback', v1.version, v2.version],
    ]);
    expect(toPublicRegistry(store.readRegistry())).toEqual({
      modules: {
        content: { version: v1.version, entry: `/remotes/content/${v1.version}/remoteEntry.js`, routes: [] },
      },
    });
  });

  it('refuses to activate a version that was never published', () => {
    expect(() => store.activate('content', '9.9.9-nothing', 'ops')).toThrow(
      'content has no published version 9.9.9-nothing',
    );
  });

  it('refuses path tricks in module names and versions', () => {
    expect(() => store.versionDir('../etc', '1')).toThrow();
    expect(() => store.versionDir('content', '../../x')).toThrow();
  });
});
