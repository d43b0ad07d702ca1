import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium';
import { REPO_ROOT } from '../modules';
import { waitUntilReady } from '../processes';

/**
 * `npm run bench`: starts its own stack, measures what shoppers wait for and download, compares the
 * figures with bench/budgets.json and writes reports/bench.md. Exits 1 when a budget is exceeded.
 */
const OFFSET = 300;
const BASE = `http://127.0.0.1:${3000 + OFFSET}`;
const API_SAMPLES = 300;
const PAGE_SAMPLES = 5;

type Budgets = Record<string, number>;
interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: string;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const median = (values: number[]) => percentile(values, 50);

async function apiLatency(pathname: string): Promise<{ p50: number; p95: number }> {
  const timings: number[] = [];
  for (let i = 0; i < API_SAMPLES; i += 1) {
    const started = performance.now();
    const response = await fetch(`${BASE}${pathname}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  return { p50: median(timings), p95: percentile(timings, 95) };
}

async function pageTimings(pathname: string, ready: string): Promise<{ readyMs: number; jsKb: number }> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  const readyTimes: number[] = [];
  const jsSizes: number[] = [];
  try {
    for (let i = 0; i < PAGE_SAMPLES; i += 1) {
      const context = await browser.newContext();
      await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
      const page = await context.newPage();
      await page.goto(`${BASE}${pathname}`, { waitUntil: 'commit' });
      await page.locator(ready).first().waitFor();
      readyTimes.push(await page.evaluate(() => performance.now()));
      jsSizes.push(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js'))
            .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
        ),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { readyMs: median(readyTimes), jsKb: median(jsSizes) / 1024 };
}

function shellEntryGzipKb(): number {
  const dist = path.join(REPO_ROOT, 'shell/dist');
  const entry = readdirSync(dist).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
  if (!entry) throw new Error('Build the shell first');
  return gzipSync(readFileSync(path.join(dist, entry)), { level: 9 }).length / 1024;
}

async function main() {
  const budgets = JSON.parse(readFileSync(path.join(REPO_ROOT, 'bench/budgets.json'), 'utf8')) as Budgets;
  const stack = spawn(process.execPath, ['--import', 'tsx', 'delivery/src/cli/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      STOREFRONT_PORT_OFFSET: String(OFFSET),
      STOREFRONT_DATA_DIR: '.data/bench',
      STOREFRONT_FRESH: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    await waitUntilReady('bench stack', `${BASE}/healthz`, 300_000);
    const figures: Figure[] = [];
    const add = (name: string, value: number, unit: string, budgetKey?: string) =>
      figures.push({
        name,
        value: Math.round(value * 10) / 10,
        unit,
        ...(budgetKey ? { budget: budgetKey } : {}),
      });

    add('Shell entry bundle (gzip)', shellEntryGzipKb(), 'KB', 'shellEntryGzipKb');
    const home = await pageTimings('/', '[data-testid="home-product"]');
    add('Home: first product card shown', home.readyMs, 'ms', 'homeFirstProductMs');
    add('Home: JavaScript transferred', home.jsKb, 'KB', 'homeJsTransferredKb');
    const product = await pageTimings('/product/bpc-157', 'h1');
    add('Product page: heading shown', product.readyMs, 'ms', 'productHeadingMs');
    add('Product page: JavaScript transferred', product.jsKb, 'KB', 'productJsTransferredKb');
    for (const pathname of [
      '/api/catalog/home-products',
      '/api/catalog/catalogue',
      '/api/product/products/bpc-157',
      '/api/content/policies/refund-policy',
    ]) {
      const latency = await apiLatency(pathname);
      add(`${pathname} p50 (through the shell)`, latency.p50, 'ms');
      add(`${pathname} p95 (through the shell)`, latency.p95, 'ms', 'apiP95Ms');
    }

    const rows = figures.map((f) => {
      const limit = f.budget ? budgets[f.budget] : undefined;
      const ok = limit === undefined || f.value <= limit;
      return { ...f, limit, ok };
    });
    const report = [
      '# Benchmark report',
      '',
      `Measured ${new Date().toISOString()} on ${process.platform} with Node ${process.version}; pages are the median of ${PAGE_SAMPLES} cold loads in headless Chromium, API figures over ${API_SAMPLES} sequential requests on loopback.`,
      '',
      '| figure | value | budget | |',
      '|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.value} ${r.unit} | ${r.limit === undefined ? '—' : `${r.limit} ${r.unit}`} | ${r.ok ? 'ok' : '**over budget**'} |`,
      ),
      '',
    ].join('\n');
    mkdirSync(path.join(REPO_ROOT, 'reports'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'reports/bench.md'), report);
    console.log(report);
    if (rows.some((r) => !r.ok)) {
      console.error('A budget was exceeded: that is a regression to fix.');
      process.exitCode = 1;
    }
  } finally {
    stack.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
