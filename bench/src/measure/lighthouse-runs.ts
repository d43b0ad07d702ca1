import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '@storefront/delivery/chromium';
import { signInAsAffiliate } from './signed-in-affiliate';

// Lighthouse runs as its own CLI process: its page-side functions are sent to the browser as source
// text, which must not pass through the TypeScript loader this script runs under.
const LIGHTHOUSE_CLI = createRequire(__filename).resolve('lighthouse/cli/index.js');
const run = promisify(execFile);

/** What one Lighthouse run says about a page (mobile preset: 4× CPU slowdown, 150 ms RTT, 1.6 Mbps). */
export interface PageRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred (compressed), KB. */
  jsKb: number;
}

export interface PageTarget {
  label: string;
  url: string;
  /** Runs as a visitor who has answered the age gate already (localStorage set before the load). */
  ageVerified?: boolean;
  /** Runs as an approved affiliate the server signed in (their portal shows their own standing). */
  signedInAffiliate?: boolean;
}

/** The parts of Lighthouse's JSON result read here. */
interface LighthouseResult {
  runtimeError?: { message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown }>;
}

const browserPath = () => chromiumExecutable() ?? chromium.executablePath();

/**
 * Marks the visitor as 21+ in the fresh profile, from a page of the site that loads no script, and
 * empties the cache again: the measured load is still a cold one.
 */
async function answerAgeGate(port: number, url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    const page = await context!.newPage();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate("window.localStorage.setItem('ageVerified', 'true')");
    const session = await context!.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One cold load of a page in a fresh Chromium profile, measured by Lighthouse. */
export async function measurePage(target: PageTarget): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: browserPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    if (target.ageVerified) await answerAgeGate(chrome.port, target.url);
    if (target.signedInAffiliate) await signInAsAffiliate(chrome.port, target.url);
    const { stdout } = await run(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        target.url,
        `--port=${chrome.port}`,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        // The age answer set above must survive: the cache was emptied by hand instead.
        ...(target.ageVerified || target.signedInAffiliate ? ['--disable-storage-reset'] : []),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const lhr = JSON.parse(stdout) as LighthouseResult;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse could not load ${target.url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
    const jsBytes = requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      jsKb: jsBytes / 1024,
    };
  } finally {
    chrome.kill();
  }
}

export interface PageFigures {
  target: PageTarget;
  runs: PageRun[];
  /** The run with the median performance score. */
  median: PageRun;
}

/** Lighthouse sometimes loses a trace (NO_NAVSTART) and asks to be run again: it is, twice at most. */
async function measurePageWithRetries(target: PageTarget, attempts = 3): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measurePage(target);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(
        `  ${target.url}: ${error instanceof Error ? error.message.trim().split('\n').at(-1) : error}; running again`,
      );
    }
  }
}

/** `runs` cold loads of a page; the figures of the run with the median score stand for the page. */
export async function measurePageRuns(target: PageTarget, runs: number): Promise<PageFigures> {
  const results: PageRun[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await measurePageWithRetries(target));
  const byScore = [...results].sort((a, b) => a.score - b.score);
  return { target, runs: results, median: byScore[Math.floor(byScore.length / 2)]! };
}
