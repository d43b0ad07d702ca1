import type { Server } from 'node:http';
import path from 'node:path';
import { readBudgets, type Budgets } from './budgets';
import { REPO_ROOT } from './paths';
import { FLOOR_PORT, OFFSET } from './ports';
import { buildFloorApp, serveFloorApp } from './processes/floor-app';
import { startBenchStack } from './processes/stack';
import { writeReport, type SectionReport } from './report/section';
import { API_PATHS, measureApis } from './sections/apis';
import { measureBalancedPage } from './sections/balancer';
import { measureCrowd } from './sections/crowd';
import { measureFaults } from './sections/faults';
import { measureIdleMemory } from './sections/memory';
import { measurePages } from './sections/pages';

/**
 * `npm run bench`: starts its own stack, measures what a shopper on a phone feels (Lighthouse, mobile
 * preset, median of 3 cold loads), what the APIs answer in, and what the services hold under a crowd
 * (autocannon), each beside a reference measured in the same run (the floor app for pages, a bare
 * node:http server for APIs), compares the figures with bench/budgets.json and writes reports/bench.md.
 * Exits 1 when a budget is missed.
 *
 * Last, with PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL), the bench's stack stops and a
 * stack of two instances behind nginx serves a kept page (sections/balancer.ts).
 *
 * `npm run bench -- load` (or `memory`, `pages`, `apis`, `balancer`, several at once) measures only
 * those sections, for work on one of them: the partial report goes to .data/bench-partial.md, and
 * reports/bench.md is left as it is.
 *
 * `npm run bench -- faults` is a run of its own (sections/faults.ts): stacks of its own, each fault made
 * under shoppers' traffic, reported in reports/faults.md.
 */
const SECTIONS = ['memory', 'pages', 'apis', 'load', 'balancer'] as const;
type Section = (typeof SECTIONS)[number];

function chosenSections(args: string[]): Set<Section> {
  const unknown = args.filter((arg) => !SECTIONS.includes(arg as Section));
  if (unknown.length)
    throw new Error(
      `Unknown bench section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}, or faults alone`,
    );
  return new Set(args.length ? (args as Section[]) : SECTIONS);
}

async function faultsRun() {
  const faults = await measureFaults();
  writeReport(path.join(REPO_ROOT, 'reports/faults.md'), 'Fault report', 'npm run bench -- faults', [faults]);
}

/** The sections measured on the bench's own stack (one instance of each part), which is stopped after. */
async function measureOnOneStack(sections: Set<Section>, budgets: Budgets): Promise<SectionReport[]> {
  console.log('Building the floor app and starting the storefront…');
  let floorServer: Server | undefined;
  if (sections.has('pages')) floorServer = await serveFloorApp(await buildFloorApp(), FLOOR_PORT);
  // Every request is logged as in production, to a file: what logging costs is in the figures.
  const stack = await startBenchStack('bench', OFFSET, { LOG_LEVEL: 'info' }).catch((error: unknown) => {
    floorServer?.close();
    throw error;
  });
  const measured: SectionReport[] = [];
  try {
    const sampleBody = await (await fetch(`${stack.base}${API_PATHS[0]}`)).text();
    // First, while nothing has asked the stack for anything but its readiness.
    if (sections.has('memory')) measured.push(await measureIdleMemory(stack.process.pid!, budgets));
    if (sections.has('pages')) {
      measured.push(await measurePages(budgets));
      // Its part is played: nothing of the pages section should share the machine with the load section.
      floorServer?.close();
    }
    if (sections.has('apis')) measured.push(await measureApis(budgets, sampleBody));
    if (sections.has('load')) measured.push(await measureCrowd(budgets, sampleBody));
  } finally {
    floorServer?.close();
    await stack.stop();
  }
  return measured;
}

async function benchRun(sections: Set<Section>) {
  const budgets = readBudgets();
  const measured: SectionReport[] = [];
  if ([...sections].some((section) => section !== 'balancer'))
    measured.push(...(await measureOnOneStack(sections, budgets)));
  if (sections.has('balancer')) {
    measured.push(
      await measureBalancedPage(
        budgets,
        process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL,
        process.env.REDIS_URL ?? process.env.TEST_REDIS_URL,
      ),
    );
  }
  const whole = sections.size === SECTIONS.length;
  const reportFile = path.join(REPO_ROOT, whole ? 'reports/bench.md' : '.data/bench-partial.md');
  writeReport(reportFile, 'Benchmark report', 'npm run bench', measured);
}

const args = process.argv.slice(2);
(args[0] === 'faults' ? faultsRun() : benchRun(chosenSections(args))).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
