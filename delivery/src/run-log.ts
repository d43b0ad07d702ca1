import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * A test run's record of what it built and started (STOREFRONT_RUN_LOG names the file; the e2e runner
 * sets it for a whole run, `npm test` and `npm run test:all` alike). A run builds once and starts each
 * suite's stack once: the runner reads the record back and refuses a run that did more.
 */
export const RUN_LOG_ENV = 'STOREFRONT_RUN_LOG';

export type RunEvent =
  { kind: 'build'; at: string; by: string } | { kind: 'stack-start'; at: string; dataDir: string };

/** Notes an event in the run's record, when there is one. */
function record(event: RunEvent): void {
  const file = process.env[RUN_LOG_ENV];
  if (file) appendFileSync(file, `${JSON.stringify(event)}\n`);
}

/** A build of the apps and runnables (`by`: the command that made it). */
export const recordBuild = (by: string) => record({ kind: 'build', at: new Date().toISOString(), by });

/** A stack started, named by its data folder (each suite's stack has its own). */
export const recordStackStart = (dataDir: string) =>
  record({ kind: 'stack-start', at: new Date().toISOString(), dataDir });

export function readRunLog(file: string): RunEvent[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RunEvent);
}

/** What a run did more than once that it should do once: every build past the first, every stack started twice. */
export function runLogProblems(events: readonly RunEvent[]): string[] {
  const builds = events.filter((event) => event.kind === 'build');
  const problems =
    builds.length > 1 ? [`${builds.length} builds (${builds.map((b) => b.by).join(', ')})`] : [];
  const starts = new Map<string, number>();
  for (const event of events)
    if (event.kind === 'stack-start') starts.set(event.dataDir, (starts.get(event.dataDir) ?? 0) + 1);
  for (const [dataDir, count] of starts)
    if (count > 1) problems.push(`the stack in ${dataDir} started ${count} times`);
  return problems;
}
