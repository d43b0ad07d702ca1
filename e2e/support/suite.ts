import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A suite's stack: every port shifted by `offset` (the shell on 3000 + offset), its own data folder.
 * Suites that may run at the same time share neither; two that never do (the journeys of `npm test`
 * and the rest of the browser suite in `npm run test:all`) may share ports, never a data folder, so
 * that a run's record tells their stacks apart.
 */
export interface SuiteStack {
  offset: number;
  /** Relative to the repository, as `npm start` is given it. */
  dataDir: string;
  baseURL: string;
  /** The address of the part that listens on `port` in a stack without offset. */
  url(port: number): string;
}

export function suiteStack(offset: number, dataDir: string): SuiteStack {
  const url = (port: number) => `http://127.0.0.1:${port + offset}`;
  return { offset, dataDir, baseURL: url(3000), url };
}

/** The browser suites' stacks (playwright.config.ts and playwright.full.config.ts). */
export const BROWSER_STACK = suiteStack(100, '.data/e2e');
export const FULL_BROWSER_STACK = { ...BROWSER_STACK, dataDir: '.data/e2e-full' };
/** The stack faults and operations change under them (playwright.operations.config.ts). */
export const OPERATIONS_STACK = suiteStack(300, '.data/e2e-operations');

/** A stack's data folder, absolute. */
export const dataDirOf = (stack: Pick<SuiteStack, 'dataDir'>) => path.join(ROOT, stack.dataDir);

/**
 * Limits a browser suite raises: every test browses from one address, and the limits themselves are
 * proven by the service tests and the scale-out suite.
 */
export const ONE_ADDRESS_LIMITS: Record<string, string> = {
  AFFILIATE_LOOKUP_LIMIT: '500',
  SIGN_IN_LIMIT_PER_CLIENT: '500',
  SIGN_UP_LIMIT_PER_CLIENT: '500',
  ORDER_LIMIT_PER_CLIENT: '1000',
  CART_QUOTE_LIMIT_PER_CLIENT: '10000',
  NEW_CART_LIMIT_PER_CLIENT: '100000',
  NEWSLETTER_LIMIT_PER_CLIENT: '500',
  APPLICATION_LIMIT_PER_CLIENT: '500',
};

/**
 * The suite's one stack: `npm start` (its supervisor's bundle, without npm's own start-up), from empty
 * data. In a test run (e2e/run-suites.ts) everything is built once before any suite starts, and
 * STOREFRONT_PREBUILT=1 tells the stack so: it builds nothing of its own.
 */
export function stackServer(
  stack: Pick<SuiteStack, 'offset' | 'dataDir' | 'baseURL'>,
  env: Record<string, string>,
): NonNullable<PlaywrightTestConfig['webServer']> {
  return {
    command: 'node delivery/run-command.cjs start',
    cwd: ROOT,
    url: `${stack.baseURL}/healthz`,
    timeout: 300_000,
    // A developer may keep a suite's stack running between runs (E2E_REUSE_STACK=1); a test run never does.
    reuseExistingServer: process.env.E2E_REUSE_STACK === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      STOREFRONT_PORT_OFFSET: String(stack.offset),
      STOREFRONT_DATA_DIR: stack.dataDir,
      STOREFRONT_FRESH: '1',
      STOREFRONT_PREBUILT: process.env.STOREFRONT_PREBUILT ?? '',
      // Square's redirect back must land on the origin the tests browse, where their storage lives.
      SITE_URL: stack.baseURL,
      LOG_LEVEL: 'warn',
      ...env,
    },
  };
}

/** What every suite shares: Chromium from the system, a trace and a screenshot of what failed. */
export const SUITE_DEFAULTS = {
  testDir: './tests',
  forbidOnly: Boolean(process.env.CI),
  // The runner (run-suites.ts) collects every suite's figures from the JSON report.
  reporter: [
    ['list'],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ] as PlaywrightTestConfig['reporter'],
  expect: { timeout: 10_000 },
  // Under CI, a test that fails once is run again: these machines' speed changes by up to 2.5x from
  // night to night, and a timing-bound test (a phone at 4x CPU, a rollback within 5 s) can miss once.
  // A test that passes only the second time is reported flaky by the runner (run-suites.ts), by name.
  retries: process.env.CI ? 1 : 0,
  use: {
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    // A failed test's trace, without the screencast's frames: they were a tenth of the browsers' CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
} satisfies PlaywrightTestConfig;

/**
 * The browser profiles: a desktop (site), a slow phone that never waits for hydration (support/phone.ts
 * throttles each page), and JavaScript off, where every form is completed by the server. `ignore`: files
 * a suite leaves to another.
 */
export function browserProjects(ignore: RegExp[] = []): NonNullable<PlaywrightTestConfig['projects']> {
  return [
    {
      name: 'site',
      testIgnore: [/operations\//, /scale\//, /phone\//, /no-script\//, /faults\//, /releases\//, ...ignore],
    },
    {
      name: 'phone',
      testMatch: /phone\/.*\.spec\.ts/,
      testIgnore: ignore,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'no-script',
      testMatch: /no-script\/.*\.spec\.ts/,
      testIgnore: ignore,
      use: { javaScriptEnabled: false },
    },
  ];
}
