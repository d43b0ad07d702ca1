import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { apiLatency, serveBareJson, type Latency } from '../bench/api-latency';
import { buildFloorApp, serveFloorApp } from '../bench/floor-app';
import { measureInteraction, shopperInteractions, type InteractionFigures } from '../bench/interactions';
import { measurePageRuns, type PageFigures, type PageTarget } from '../bench/lighthouse-runs';
import { measureFaults } from '../bench/faults-section';
import { bareNodeMemory, memoryOfTree, type ProcessMemory } from '../bench/idle-memory';
import { measurePageCrowd, type PageCrowdBudgets } from '../bench/page-crowd';
import {
  loadRow,
  measureOrders,
  measureReads,
  ORDER_WARMUP,
  READ_ROUNDS,
  READ_WARMUP_SECONDS,
  type LoadBudgets,
  type ReadTarget,
} from '../bench/load-section';
import { DEFAULT_PORTS, localUrl, type ServicePart } from '@storefront/service-kit';
import { REPO_ROOT } from '../modules';
import { waitUntilReady } from '../processes';

/**
 * `npm run bench`: starts its own stack, measures what a shopper on a phone feels (Lighthouse, mobile
 * preset, median of 3 cold loads), what the APIs answer in, and what the services hold under a crowd
 * (autocannon), each beside a reference measured in the same run (the floor app for pages, a bare
 * node:http server for APIs), compares the figures with bench/budgets.json and writes reports/bench.md.
 * Exits 1 when a budget is missed.
 *
 * `npm run bench -- load` (or `memory`, `pages`, `apis`, several at once) measures only those sections,
 * for work on one of them: the partial report goes to .data/bench-partial.md, and reports/bench.md is
 * left as it is.
 *
 * `npm run bench -- faults` is a run of its own (faults-section.ts): stacks of its own, each fault made
 * under shoppers' traffic, reported in reports/faults.md.
 */
const OFFSET = 300;
const BASE = localUrl('shell', OFFSET);
/** The bench's own servers, just above the stack's shell. */
const FLOOR_PORT = DEFAULT_PORTS.shell + OFFSET + 90;
const BARE_API_PORT = FLOOR_PORT + 1;
const LOAD_PORT = FLOOR_PORT + 2;
/** Bare servers sending a page's bytes, one per page measured. */
const PAGE_BARE_PORT = FLOOR_PORT + 10;
const INTERACTION_RUNS = 3;
/** A service of the bench's stack, at its shifted port. */
const serviceUrl = (name: ServicePart) => localUrl(name, OFFSET);
const LIGHTHOUSE_RUNS = 3;
const API_SAMPLES = 300;
/** How long the stack is left alone once ready, before its idle memory is read. */
const IDLE_SETTLE_SECONDS = 20;

interface Budgets {
  minPerformanceScore: number;
  minPerformanceScoreInAnyRun: number;
  maxLcpMs: number;
  maxTbtMs: number;
  /** A page's TBT at most the floor app's, measured in the same run, plus this. */
  maxTbtOverFloorMs: number;
  maxInpMs: number;
  maxCls: number;
  maxHomeJsKb: number;
  maxApiP95Ms: number;
  /** Everything `npm start` runs, idle: the sum of its processes' proportional resident memory. */
  maxIdleStackMb: number;
  load: LoadBudgets;
  pageCrowd: PageCrowdBudgets;
}

const PAGES: PageTarget[] = [
  { label: '`/` (first visit, age gate showing)', url: `${BASE}/` },
  { label: '`/` (age verified)', url: `${BASE}/`, ageVerified: true },
  { label: '`/catalog`', url: `${BASE}/catalog` },
  { label: '`/product/bpc-157`', url: `${BASE}/product/bpc-157` },
  { label: '`/checkout/retatrutide`', url: `${BASE}/checkout/retatrutide` },
];
const FLOOR: PageTarget = {
  label: 'floor: React 19 `createRoot` + one `<h1>`, webpack 5',
  url: `http://127.0.0.1:${FLOOR_PORT}/`,
};

const API_PATHS = [
  '/api/catalog/home-products',
  '/api/catalog/catalogue',
  '/api/product/products/bpc-157',
  '/api/content/policies/refund-policy',
];

const READS: ReadTarget[] = [
  ['catalog', '/home-products'],
  ['catalog', '/catalogue'],
  ['product', '/products/bpc-157'],
  ['content', '/policies/refund-policy'],
].map(([service, pathname]) => ({
  label: `\`${pathname}\``,
  direct: `${serviceUrl(service as ServicePart)}${pathname}`,
  throughShell: `${BASE}/api/${service}${pathname}`,
}));

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Anonymous pages under a crowd, each beside bare node:http sending its bytes. */
const CROWDED_PAGES = [
  { label: '`/` (anonymous)', url: `${BASE}/` },
  { label: '`/product/bpc-157` (anonymous)', url: `${BASE}/product/bpc-157` },
];

/** Every budget a page misses, in words. */
function pageMisses(figures: PageFigures, floor: PageFigures, budgets: Budgets, isHome: boolean): string[] {
  const { median, runs } = figures;
  const misses: string[] = [];
  if (median.score < budgets.minPerformanceScore)
    misses.push(`performance ${median.score} < ${budgets.minPerformanceScore}`);
  const lowest = Math.min(...runs.map((run) => run.score));
  if (lowest < budgets.minPerformanceScoreInAnyRun)
    misses.push(`a run scored ${lowest} < ${budgets.minPerformanceScoreInAnyRun}`);
  if (median.lcpMs > budgets.maxLcpMs) misses.push(`LCP ${round(median.lcpMs)} ms > ${budgets.maxLcpMs} ms`);
  if (median.tbtMs > budgets.maxTbtMs) misses.push(`TBT ${round(median.tbtMs)} ms > ${budgets.maxTbtMs} ms`);
  const tbtOverFloor = median.tbtMs - floor.median.tbtMs;
  if (tbtOverFloor > budgets.maxTbtOverFloorMs)
    misses.push(`TBT ${round(tbtOverFloor)} ms over the floor's > ${budgets.maxTbtOverFloorMs} ms`);
  if (median.cls > budgets.maxCls) misses.push(`CLS ${round(median.cls, 3)} > ${budgets.maxCls}`);
  if (isHome && median.jsKb > budgets.maxHomeJsKb)
    misses.push(`JS ${round(median.jsKb, 1)} KB > ${budgets.maxHomeJsKb} KB`);
  return misses;
}

function pageRow(figures: PageFigures, floor: PageFigures, misses: string[] | null): string {
  const { median, runs } = figures;
  const verdict = misses === null ? 'reference' : misses.length ? `**missed**: ${misses.join('; ')}` : 'ok';
  return `| ${figures.target.label} | ${median.score} (${runs.map((run) => run.score).join(', ')}) | ${round(median.lcpMs / 1000, 2)} s | ${round(median.tbtMs)} ms | ${round(median.cls, 3)} | ${round(median.jsKb, 1)} KB | ${round(median.jsKb / floor.median.jsKb, 2)}× | ${verdict} |`;
}

function apiRow(name: string, latency: Latency, bare: Latency, budgets: Budgets | null): string {
  const ok = budgets === null || latency.p95 <= budgets.maxApiP95Ms;
  const verdict = budgets === null ? 'reference' : ok ? 'ok' : `**missed**: p95 > ${budgets.maxApiP95Ms} ms`;
  return `| ${name} | ${round(latency.p50, 1)} ms | ${round(latency.p95, 1)} ms | ${round(latency.p50 / bare.p50, 1)}× | ${verdict} |`;
}

const SECTIONS = ['memory', 'pages', 'apis', 'load'] as const;
type Section = (typeof SECTIONS)[number];

function chosenSections(args: string[]): Set<Section> {
  const unknown = args.filter((arg) => !SECTIONS.includes(arg as Section));
  if (unknown.length)
    throw new Error(
      `Unknown bench section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}, or faults alone`,
    );
  return new Set(args.length ? (args as Section[]) : SECTIONS);
}

/** A measured section of the report: its lines, and whether any of its budgets was missed. */
interface SectionReport {
  lines: string[];
  missed: boolean;
}

const inMb = (kb: number) => round(kb / 1024);

/** A process's name in the report: the part of the stack it is. */
function processLabel({ command }: ProcessMemory): string {
  const part = /(services|stand-ins)\/([\w-]+)\//.exec(command)?.[2];
  if (part) return part;
  if (command.includes('shell/dist-node')) return 'shell';
  if (command.includes('cli/start.ts')) return 'supervisor (`npm start`)';
  if (command.includes('esbuild')) return "esbuild (the supervisor's TypeScript loader)";
  return command.slice(0, 60);
}

async function measureIdleMemory(stackPid: number, budgets: Budgets): Promise<SectionReport> {
  console.log(`Idle memory, ${IDLE_SETTLE_SECONDS} s after the stack is ready…`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_SECONDS * 1000));
  const processes = memoryOfTree(stackPid);
  const bare = await bareNodeMemory();
  const pss = processes.reduce((sum, process) => sum + process.pssKb, 0);
  const rss = processes.reduce((sum, process) => sum + process.rssKb, 0);
  const missed = inMb(pss) > budgets.maxIdleStackMb;
  return {
    missed,
    lines: [
      '## Memory at idle',
      '',
      `Every process \`npm start\` runs (single instance, embedded databases, started fresh), ${IDLE_SETTLE_SECONDS} s after it is ready and before anything is measured, from /proc: RSS, and PSS (each page shared by several processes, such as Node's own code, counted once in all). Reference: one idle bare node:http server process. Budget: the stack's PSS ≤ ${budgets.maxIdleStackMb} MB.`,
      '',
      '| process | PSS | RSS |',
      '|---|---|---|',
      ...processes.map(
        (process) => `| ${processLabel(process)} | ${inMb(process.pssKb)} MB | ${inMb(process.rssKb)} MB |`,
      ),
      `| **the stack** (${processes.length} processes) | **${inMb(pss)} MB** | ${inMb(rss)} MB |`,
      `| reference: bare node:http | ${inMb(bare.pssKb)} MB | ${inMb(bare.rssKb)} MB |`,
      '',
      missed
        ? `**missed**: ${inMb(pss)} MB > ${budgets.maxIdleStackMb} MB.`
        : `ok: ${inMb(pss)} MB ≤ ${budgets.maxIdleStackMb} MB.`,
      '',
    ],
  };
}

async function measurePages(budgets: Budgets): Promise<SectionReport> {
  console.log(`Lighthouse, ${LIGHTHOUSE_RUNS} cold loads each: the floor app, then ${PAGES.length} pages…`);
  const floor = await measurePageRuns(FLOOR, LIGHTHOUSE_RUNS);
  const pages: Array<{ figures: PageFigures; misses: string[] }> = [];
  for (const target of PAGES) {
    const figures = await measurePageRuns(target, LIGHTHOUSE_RUNS);
    pages.push({
      figures,
      misses: pageMisses(figures, floor, budgets, new URL(target.url).pathname === '/'),
    });
    console.log(`  ${target.label}: ${figures.runs.map((run) => run.score).join(', ')}`);
  }
  console.log(`Interactions, ${INTERACTION_RUNS} fresh loads each at ${4}× CPU slowdown…`);
  const interactions: InteractionFigures[] = [];
  for (const interaction of shopperInteractions(BASE)) {
    interactions.push(await measureInteraction(interaction, INTERACTION_RUNS));
  }
  const slowInteractions = interactions.filter((figures) => figures.median > budgets.maxInpMs);
  return {
    missed: pages.some(({ misses }) => misses.length) || slowInteractions.length > 0,
    lines: [
      `## Pages on a phone`,
      '',
      `Lighthouse ${LIGHTHOUSE_RUNS} cold loads per page (mobile preset: 4× CPU slowdown, 150 ms RTT, 1.6 Mbps; fresh profile each), headless Chromium. Figures are from the run with the median score; every run's score is in brackets. JS is the JavaScript transferred (brotli, as Chromium takes it; the floor app's too). Budgets: performance ≥ ${budgets.minPerformanceScore} (no run below ${budgets.minPerformanceScoreInAnyRun}), LCP ≤ ${budgets.maxLcpMs / 1000} s, TBT ≤ ${budgets.maxTbtMs} ms, CLS ≤ ${budgets.maxCls}, JS of \`/\` ≤ ${budgets.maxHomeJsKb} KB.`,
      '',
      '| page | performance | LCP | TBT | CLS | JS | JS ÷ floor | |',
      '|---|---|---|---|---|---|---|---|',
      ...pages.map(({ figures, misses }) => pageRow(figures, floor, misses)),
      pageRow(floor, floor, null),
      '',
      `TBT beside the floor app: every page's TBT at most the floor's (${round(floor.median.tbtMs)} ms in this run) + ${budgets.maxTbtOverFloorMs} ms.`,
      '',
      '### Interactions',
      '',
      `INP (the web-vitals library) of one interaction on a page loaded and hydrated in headless Chromium at 4× CPU slowdown, a 412 px phone viewport; ${INTERACTION_RUNS} fresh loads each, median (every run in brackets). Budget: INP ≤ ${budgets.maxInpMs} ms.`,
      '',
      '| interaction | INP | |',
      '|---|---|---|',
      ...interactions.map(
        (figures) =>
          `| ${figures.interaction.label} | ${round(figures.median)} ms (${figures.runs.map((v) => round(v)).join(', ')}) | ${figures.median > budgets.maxInpMs ? `**missed**: > ${budgets.maxInpMs} ms` : 'ok'} |`,
      ),
      '',
    ],
  };
}

async function measureApis(budgets: Budgets, sampleBody: string): Promise<SectionReport> {
  console.log(`API latency, ${API_SAMPLES} sequential requests each…`);
  const bareServer = await serveBareJson(sampleBody, BARE_API_PORT);
  try {
    const bare = await apiLatency(`http://127.0.0.1:${BARE_API_PORT}/`, API_SAMPLES);
    const apis: Array<{ path: string; latency: Latency }> = [];
    for (const pathname of API_PATHS)
      apis.push({ path: pathname, latency: await apiLatency(`${BASE}${pathname}`, API_SAMPLES) });
    return {
      missed: apis.some(({ latency }) => latency.p95 > budgets.maxApiP95Ms),
      lines: [
        '## APIs through the shell',
        '',
        `${API_SAMPLES} sequential requests each on loopback. Reference: a bare node:http server answering the home products' JSON. Budget: p95 ≤ ${budgets.maxApiP95Ms} ms.`,
        '',
        '| request | p50 | p95 | p50 ÷ bare | |',
        '|---|---|---|---|---|',
        ...apis.map(({ path: pathname, latency }) => apiRow(`\`${pathname}\``, latency, bare, budgets)),
        apiRow('bare node:http, same JSON', bare, bare, null),
        '',
      ],
    };
  } finally {
    bareServer.close();
  }
}

async function measureCrowd(budgets: Budgets, sampleBody: string): Promise<SectionReport> {
  const { load } = budgets;
  console.log(`Load: ${load.connections} connections for ${load.seconds} s on each read, then orders…`);
  console.log(
    `Pages: ${budgets.pageCrowd.connections} connections on each anonymous page, beside bare node:http…`,
  );
  const pages = await measurePageCrowd(CROWDED_PAGES, PAGE_BARE_PORT, budgets.pageCrowd);
  const reads = await measureReads(READS, sampleBody, LOAD_PORT, load);
  const orders = await measureOrders(
    { catalogUrl: serviceUrl('catalog'), sandboxUrl: serviceUrl('payment-sandbox'), port: LOAD_PORT + 2 },
    process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    load,
  );
  return {
    missed: [...pages, ...reads, ...orders].some(({ misses }) => misses?.length),
    lines: [
      '## Under a crowd',
      '',
      `Anonymous pages: autocannon, ${budgets.pageCrowd.connections} connections for ${budgets.pageCrowd.seconds} s per run after 2 unmeasured seconds, no cookie and no compression asked for, each beside a bare node:http server sending that page's very bytes, measured right before it, in 3 interleaved rounds (medians). Budgets: ≥ ${budgets.pageCrowd.minShareOfBare * 100} % of bare requests/s, p99 ≤ ${budgets.pageCrowd.maxP99OverBare}× bare's, no errors.`,
      '',
      '| page | requests/s | p50 | p99 | ÷ bare | errors | | |',
      '|---|---|---|---|---|---|---|---|',
      ...pages.map(loadRow),
      '',
      `autocannon, ${load.connections} connections for ${load.seconds} s per run, each run after ${READ_WARMUP_SECONDS} s of the same load that is not measured, on loopback, every service logging each request (info) to a file. Reference: a bare node:http server answering the home products' bytes, measured again right before each read, and the same server writing the kit's request log line. Each read and its reference are measured in ${READ_ROUNDS} interleaved rounds; the figures are the medians of the rounds, the share the median of each round's share of its own reference. Budgets: reads ≥ ${load.minReadShareDirect * 100} % of bare requests/s direct and ≥ ${load.minReadShareThroughShell * 100} % through the shell, p99 ≤ ${load.maxReadP99DirectMs} ms direct and ≤ ${load.maxReadP99ThroughShellMs} ms through the shell, no errors.`,
      '',
      `Orders: \`POST /orders\` on a checkout service of its own (the stack's catalog and payment sandbox behind it), ${ORDER_WARMUP} unmeasured orders first, then ${load.ordersPerRun} distinct valid orders at ${load.orderClients.join(' and then ')} clients. Budgets at ${load.budgetedOrderClients} clients: p99 ≤ ${load.maxOrderP99Ms} ms, ≥ ${load.minOrdersPerSecondPostgres} orders/s on PostgreSQL and ≥ ${load.minOrdersPerSecondEmbedded} on the embedded database; every run: no errors, rows = successful answers = payment links (the unmeasured orders included).`,
      '',
      '| target | requests/s | p50 | p99 | ÷ bare | errors | | |',
      '|---|---|---|---|---|---|---|---|',
      ...reads.map(loadRow),
      ...orders.map(loadRow),
      '',
    ],
  };
}

/** `npm run bench -- faults`: reports/faults.md, its stacks started and stopped by the section itself. */
async function faultsRun() {
  mkdirSync(path.join(REPO_ROOT, '.data'), { recursive: true });
  const { lines, missed } = await measureFaults(PAGE_BARE_PORT);
  const report = [
    '# Fault report',
    '',
    `Measured ${new Date().toISOString()} on ${process.platform} with Node ${process.version} by \`npm run bench -- faults\`.`,
    '',
    ...lines,
  ].join('\n');
  writeFileSync(path.join(REPO_ROOT, 'reports/faults.md'), report);
  console.log(report);
  if (missed) {
    console.error('A fault reached shoppers or a budget was missed: that is a regression to fix.');
    process.exitCode = 1;
  }
}

async function main() {
  if (process.argv[2] === 'faults') return faultsRun();
  const sections = chosenSections(process.argv.slice(2));
  const budgets = JSON.parse(readFileSync(path.join(REPO_ROOT, 'bench/budgets.json'), 'utf8')) as Budgets;
  let floorServer: Server | undefined;
  // A fresh clone has no .data yet; the stack's log is opened before anything else would make it.
  mkdirSync(path.join(REPO_ROOT, '.data'), { recursive: true });
  const stack = spawn(process.execPath, ['--import', 'tsx', 'delivery/src/cli/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      STOREFRONT_PORT_OFFSET: String(OFFSET),
      STOREFRONT_DATA_DIR: '.data/bench',
      STOREFRONT_FRESH: '1',
      // Every request is logged as in production, to a file: what logging costs is in the figures.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', openSync(path.join(REPO_ROOT, '.data/bench-stack.log'), 'w'), 'inherit'],
  });
  try {
    console.log('Building the floor app and starting the storefront…');
    if (sections.has('pages')) floorServer = await serveFloorApp(await buildFloorApp(), FLOOR_PORT);
    await waitUntilReady('bench stack', `${BASE}/healthz`, 600_000);
    const sampleBody = await (await fetch(`${BASE}${API_PATHS[0]}`)).text();

    const measured: SectionReport[] = [];
    // First, while nothing has asked the stack for anything but its readiness.
    if (sections.has('memory')) measured.push(await measureIdleMemory(stack.pid!, budgets));
    if (sections.has('pages')) {
      measured.push(await measurePages(budgets));
      // Its part is played: nothing of the pages section should share the machine with the load section.
      floorServer?.close();
    }
    if (sections.has('apis')) measured.push(await measureApis(budgets, sampleBody));
    if (sections.has('load')) measured.push(await measureCrowd(budgets, sampleBody));

    const report = [
      '# Benchmark report',
      '',
      `Measured ${new Date().toISOString()} on ${process.platform} with Node ${process.version} by \`npm run bench\`.`,
      '',
      ...measured.flatMap((section) => section.lines),
    ].join('\n');
    const whole = sections.size === SECTIONS.length;
    const reportFile = path.join(REPO_ROOT, whole ? 'reports/bench.md' : '.data/bench-partial.md');
    mkdirSync(path.dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, report);
    console.log(report);
    if (measured.some((section) => section.missed)) {
      console.error('A budget was missed: that is a regression to fix.');
      process.exitCode = 1;
    }
  } finally {
    floorServer?.close();
    stack.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
