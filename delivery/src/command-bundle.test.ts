import { execFile } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandRecordFile, type CommandBundleRecord } from './command-bundle';
import { REPO_ROOT } from './modules';

const run = promisify(execFile);
const LAUNCHER = path.join(REPO_ROOT, 'delivery/run-command.cjs');
const record = () => JSON.parse(readFileSync(commandRecordFile('rollback'), 'utf8')) as CommandBundleRecord;

/** `npm run rollback` with no module: the command's own usage line, from its bundle. */
async function usageOfRollback(): Promise<string> {
  const outcome = await run(process.execPath, [LAUNCHER, 'rollback'], { cwd: REPO_ROOT }).catch(
    (failed: { stderr: string }) => failed,
  );
  return outcome.stderr;
}

describe('run-command.cjs', () => {
  it('runs a command from its bundle, bundling again only when a file it came from changed', async () => {
    expect(await usageOfRollback()).toContain('Usage: npm run rollback -- <module>');
    const first = record();
    expect(Object.keys(first.inputs)).toContain(path.join(REPO_ROOT, 'delivery/src/cli/rollback.ts'));

    expect(await usageOfRollback()).toContain('Usage: npm run rollback');
    expect(record().build).toBe(first.build);

    const source = path.join(REPO_ROOT, 'delivery/src/release-wait.ts');
    utimesSync(source, new Date(), new Date());
    expect(await usageOfRollback()).toContain('Usage: npm run rollback');
    expect(record().build).not.toBe(first.build);
  }, 60_000);

  it('bundles again in a checkout copied from another, whose record names the other repository', async () => {
    expect(await usageOfRollback()).toContain('Usage: npm run rollback');
    const built = record();
    expect(built.root).toBe(REPO_ROOT);
    // As a copy made with its ignored files finds it: the first checkout's record, times and all.
    writeFileSync(commandRecordFile('rollback'), JSON.stringify({ ...built, root: '/elsewhere/storefront' }));
    expect(await usageOfRollback()).toContain('Usage: npm run rollback');
    expect(record()).toMatchObject({ root: REPO_ROOT });
    expect(record().build).not.toBe(built.build);
  }, 60_000);

  it('refuses a name that is not a command', async () => {
    const outcome = await run(process.execPath, [LAUNCHER, '../../etc'], { cwd: REPO_ROOT }).catch(
      (failed: { code: number; stderr: string }) => failed,
    );
    expect(outcome).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: node delivery/run-command.cjs'),
    });
  });
});
