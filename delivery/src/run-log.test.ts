import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readRunLog, recordBuild, recordStackStart, RUN_LOG_ENV, runLogProblems } from './run-log';

describe("a test run's record of builds and stack starts", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'run-log-'));
    process.env[RUN_LOG_ENV] = path.join(dir, 'run.log');
  });
  afterEach(() => {
    delete process.env[RUN_LOG_ENV];
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds a run that built once and started each stack once', () => {
    recordBuild('npm run build');
    recordStackStart('/repo/.data/e2e');
    recordStackStart('/repo/.data/e2e-scale');
    const events = readRunLog(process.env[RUN_LOG_ENV]!);
    expect(events.map((event) => event.kind)).toEqual(['build', 'stack-start', 'stack-start']);
    expect(runLogProblems(events)).toEqual([]);
  });

  it('names a second build and a stack started twice', () => {
    recordBuild('npm run build');
    recordStackStart('/repo/.data/e2e');
    recordBuild('npm start');
    recordStackStart('/repo/.data/e2e');
    expect(runLogProblems(readRunLog(process.env[RUN_LOG_ENV]!))).toEqual([
      '2 builds (npm run build, npm start)',
      'the stack in /repo/.data/e2e started 2 times',
    ]);
  });

  it('records nothing without a run to record for', () => {
    delete process.env[RUN_LOG_ENV];
    recordBuild('npm run build');
    expect(readRunLog(path.join(dir, 'run.log'))).toEqual([]);
  });
});
