import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bareReadsPerSecond } from '@storefront/bench/night-reference';
import { readRunLog, RUN_LOG_ENV, runLogProblems } from '@storefront/delivery/run-log';

/**
 * The browser suites of a test run, each on its one stack, from one build:
 *
 * - `journeys` (`npm test`): playwright.config.ts, every journey of the spec once in each profile;
 * - `all` (`npm run test:all`, which CI runs after `npm test`): the rest of the browser suite, the faults
 *   and operations suite, then the scale-out suite and the release suite, which need PostgreSQL and Redis.
 *
 * Before any suite, the apps and runnables are built once (`npm run build`), unless this run's record
 * (STOREFRONT_RUN_LOG, which CI keeps for `npm test` and `npm run test:all` together) says they were;
 * every stack then starts from that build (STOREFRONT_PREBUILT=1). After the suites, the record is read
 * back: a run that built twice or started a suite's stack twice fails. The run prints the night's bare
 * node:http reference and its ten slowest tests.
 */

const E2E = __dirname;
const ROOT = path.resolve(E2E, '..');
const RUNS = path.join(ROOT, '.data/test-runs');
/** Where the runner measures the night's reference (out of every suite's ports). */
const REFERENCE_PORT = 3990;

type Plan = 'journeys' | 'all';
/** Suites run one after another; the suites of one step run at the same time. */
const PLANS: Record<Plan, string[][]> = {
  journeys: [['playwright.config.ts']],
  // One at a time: the fault drills hold a restart to 2 s and no failed request, which a browser suite
  // beside them on two cores breaks (a catalog killed beside the browser suite answered 503 once).
  all: [
    ['playwright.full.config.ts'],
    ['playwright.operations.config.ts'],
    ['playwright.scale.config.ts'],
    ['playwright.releases.config.ts'],
  ],
};

interface TestTime {
  title: string;
  ms: number;
  /** Passed only when run again (CI runs a failed test once more). */
  flaky: boolean;
}

/** Runs a command, its output's lines prefixed with `label`; resolves to its exit code. */
function run(label: string, command: string[], env: NodeJS.ProcessEnv, cwd = E2E): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) stream.write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', prefix(process.stdout));
    child.stderr.on('data', prefix(process.stderr));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

interface JsonSuite {
  title: string;
  specs: Array<{
    title: string;
    tests: Array<{ projectName: string; status: string; results: Array<{ duration: number }> }>;
  }>;
  suites?: JsonSuite[];
}

/** Every test's time from a Playwright JSON report (its last attempt). */
function testTimes(reportFile: string, config: string): TestTime[] {
  let report: { suites: JsonSuite[] };
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: JsonSuite[] };
  } catch {
    return [];
  }
  const times: TestTime[] = [];
  const walk = (suite: JsonSuite, trail: string[]) => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        times.push({
          title: `${config} [${test.projectName}] ${[...trail, spec.title].join(' › ')}`,
          ms: test.results.at(-1)?.duration ?? 0,
          flaky: test.status === 'flaky',
        });
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.title]);
  return times;
}

async function main() {
  const plan = process.argv[2] as Plan;
  if (!(plan in PLANS)) throw new Error('Usage: run-suites.ts journeys|all');
  mkdirSync(RUNS, { recursive: true });
  const runLog = process.env[RUN_LOG_ENV] ?? path.join(RUNS, `${plan}-${Date.now()}.log`);
  const env: NodeJS.ProcessEnv = { ...process.env, [RUN_LOG_ENV]: runLog, STOREFRONT_PREBUILT: '1' };
  const started = Date.now();

  console.log(
    `bare node:http tonight: ${await bareReadsPerSecond(REFERENCE_PORT)} reads/s (100 connections)`,
  );

  if (!readRunLog(runLog).some((event) => event.kind === 'build')) {
    // `npm run build`, without npm's own start-up.
    const built = await run(
      'build',
      [process.execPath, '--import', 'tsx', 'delivery/src/cli/build.ts'],
      { ...env, FORCE_COLOR: '0' },
      ROOT,
    );
    if (built !== 0) process.exit(built);
  }

  const playwright = require.resolve('@playwright/test/cli');
  const times: TestTime[] = [];
  let failed = false;
  for (const step of PLANS[plan]) {
    const codes = await Promise.all(
      step.map(async (config) => {
        const report = path.join(RUNS, `${path.basename(config, '.ts')}.json`);
        rmSync(report, { force: true });
        const code = await run(
          config.replace(/^playwright\.|\.?config\.ts$/g, '') || 'journeys',
          [process.execPath, playwright, 'test', `--config=${config}`, '--pass-with-no-tests'],
          { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
        );
        times.push(...testTimes(report, config));
        return code;
      }),
    );
    if (codes.some((code) => code !== 0)) failed = true;
  }

  console.log(`\nThe ten slowest tests of the run (${plan}):`);
  for (const { title, ms } of times.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
  const flaky = times.filter((time) => time.flaky);
  if (flaky.length) {
    console.log(`\nPassed only when run again (flaky, ${flaky.length}):`);
    for (const { title } of flaky) console.log(`  ${title}`);
  }
  const problems = runLogProblems(readRunLog(runLog));
  for (const problem of problems) console.error(`One build and one start per suite: ${problem} (${runLog})`);
  console.log(`\nBrowser suites (${plan}) took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(failed || problems.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
