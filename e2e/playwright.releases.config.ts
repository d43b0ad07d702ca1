import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './support/chromium';
import { RELEASE_STACK } from './support/release-stack';

/**
 * The suite's third stack: one instance of each part on PostgreSQL (TEST_DATABASE_URL, schemas prefixed
 * rel_), as a team would run it to release a module: its tests deploy, roll back and canary the checkout
 * module's two halves under constant load, and see the refusals a deploy makes. A canary runs two
 * releases of a service on one database, so this stack needs PostgreSQL; without it, it says so.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl)
  console.warn('The release suite needs TEST_DATABASE_URL (CI sets it, see .ci/run); skipped.');

export default defineConfig({
  testDir: './tests',
  testMatch: databaseUrl ? [/releases\/.*\.spec\.ts/] : [],
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A deploy builds the module's UI (webpack) and service, checks and smoke-tests it, all beside the
  // load the test sends: on a busy two-core machine that alone has taken close to five minutes.
  timeout: 600_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: RELEASE_STACK.baseURL,
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: databaseUrl
    ? {
        command: 'npm start',
        cwd: '..',
        url: `${RELEASE_STACK.baseURL}/healthz`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: { ...RELEASE_STACK.env(databaseUrl), STOREFRONT_FRESH: '1' },
      }
    : undefined,
});
