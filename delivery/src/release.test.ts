import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from './modules';

/**
 * `lerna version` (lerna.json), run on a copy of this repository: each workspace is released on its own,
 * from the conventional commits that touched it since its last release. Its package.json version (what
 * `npm run deploy` publishes a build under) and its CHANGELOG.md change, and it gets its own tag.
 */
const LERNA = path.join(REPO_ROOT, 'node_modules/lerna/dist/cli.js');
const AUTHOR = { GIT_AUTHOR_NAME: 'Release Test', GIT_AUTHOR_EMAIL: 'release@example.test' };
const gitEnv = {
  ...process.env,
  ...AUTHOR,
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.test',
};

let clone: string;
const inClone = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: clone, env: gitEnv, encoding: 'utf8', stdio: 'pipe' });
const git = (...args: string[]) => inClone('git', args);
const packageOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(clone, dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };

function commitChange(dir: string, file: string, message: string) {
  appendFileSync(path.join(clone, dir, file), '\n// a change\n');
  git('commit', '--quiet', '--all', '--message', message);
}

beforeAll(() => {
  clone = mkdtempSync(path.join(tmpdir(), 'release-'));
  execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone]);
  // lerna.json allows releases from main only; CI may have checked out a commit rather than the branch.
  git('checkout', '--quiet', '-B', 'main');
  // The previous release: every workspace tagged at its current version, as lerna tags them.
  const manifests = git('ls-files', '*/package.json').trim().split('\n');
  for (const manifest of manifests) {
    const { name, version } = packageOf(path.dirname(manifest));
    git('tag', '--annotate', '--message', `${name}@${version}`, `${name}@${version}`);
  }
});

afterAll(() => rmSync(clone, { recursive: true, force: true }));

it('versions only the workspaces a commit touched, by the kind of change, with a changelog and a tag each', () => {
  const before = {
    catalog: packageOf('mfe-catalog'),
    product: packageOf('mfe-product'),
    shell: packageOf('shell'),
  };
  commitChange('mfe-catalog', 'src/manifest.ts', 'fix(catalog): the grid keeps its order on a slow network');
  commitChange('mfe-product', 'src/manifest.ts', 'feat(product): dose picker remembers the last dose');

  inClone(process.execPath, [LERNA, 'version', '--yes', '--no-push', '--loglevel', 'warn']);

  expect(packageOf('mfe-catalog').version).toBe(semver.inc(before.catalog.version, 'patch'));
  expect(packageOf('mfe-product').version).toBe(semver.inc(before.product.version, 'minor'));
  expect(packageOf('shell').version).toBe(before.shell.version);
  expect(readFileSync(path.join(clone, 'mfe-catalog/CHANGELOG.md'), 'utf8')).toContain(
    'the grid keeps its order on a slow network',
  );
  expect(readFileSync(path.join(clone, 'mfe-product/CHANGELOG.md'), 'utf8')).toContain(
    'dose picker remembers the last dose',
  );
  expect(git('tag', '--points-at', 'HEAD').trim().split('\n').sort()).toEqual([
    `${before.catalog.name}@${packageOf('mfe-catalog').version}`,
    `${before.product.name}@${packageOf('mfe-product').version}`,
  ]);
  expect(git('log', '-1', '--format=%s').trim()).toBe('chore(release): version the changed workspaces');
});
