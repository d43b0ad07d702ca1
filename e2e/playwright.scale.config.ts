import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './support/chromium';
import { SCALE_STACK } from './support/scale-stack';

/**
 * The suite's second stack: the shape of a deployment on loopback. Two instances of every service and
 * of the shell, each its production bundle run by plain node, behind nginx, on PostgreSQL (TEST_DATABASE_URL, schemas prefixed e2e_) with rate limits
 * in Redis (TEST_REDIS_URL), every limit at its stated number. Its tests prove what only several
 * instances can show (shared limits, sessions, registry, faults absorbed) and run the hostile fuzz pass and a
 * purchase on PostgreSQL. Without both URLs there is nothing to run it on, and it says so.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const runnable = Boolean(databaseUrl && redisUrl);
if (!runnable) {
  console.warn(
    'The scale-out suite needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both, see .ci/run); skipped.',
  );
}

export default defineConfig({
  testDir: './tests',
  testMatch: runnable ? [/scale\/.*\.spec\.ts/, /hostile-input\.spec\.ts/] : [],
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: SCALE_STACK.baseURL,
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: runnable
    ? {
        command: 'npm start',
        cwd: '..',
        url: `${SCALE_STACK.baseURL}/healthz`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          STOREFRONT_INSTANCES: '2',
          STOREFRONT_PORT_OFFSET: String(SCALE_STACK.offset),
          STOREFRONT_DATA_DIR: SCALE_STACK.dataDir,
          STOREFRONT_SCHEMA_PREFIX: SCALE_STACK.schemaPrefix,
          STOREFRONT_FRESH: '1',
          DATABASE_URL: databaseUrl!,
          REDIS_URL: redisUrl!,
          SITE_URL: SCALE_STACK.baseURL,
          LOG_LEVEL: 'warn',
          // Every shopper of the suite begins a cart from one address; the limit has tests of its own.
          NEW_CART_LIMIT_PER_CLIENT: '100000',
        },
      }
    : undefined,
});
