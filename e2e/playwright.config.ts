import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './support/chromium';

/** The suite runs its own stack beside a developer's: every port shifted by 100, its own data. */
const PORT_OFFSET = 100;
const baseURL = `http://127.0.0.1:${3000 + PORT_OFFSET}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // CI's output names the files that take the suite's time, so the slowest are known as it grows.
  reportSlowTests: { max: 10, threshold: 60_000 },
  // Several tests sign a researcher up and shop in two browsers: about 30 s on an idle two-core
  // machine, and twice that on the same machine on a slow day, which CI's must not fail for.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The scale-out suite runs on a stack of its own (playwright.scale.config.ts).
    {
      name: 'site',
      testIgnore: [/operations\//, /scale\//, /phone\//, /no-script\//, /faults\//, /releases\//],
    },
    // A shopper on a slow phone who acts as soon as things show (support/phone.ts throttles each page).
    {
      name: 'phone',
      testMatch: /phone\/.*\.spec\.ts/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    // JavaScript off (or the page's script never arriving): every form is completed by the server.
    { name: 'no-script', testMatch: /no-script\/.*\.spec\.ts/, use: { javaScriptEnabled: false } },
    // Kills each service under shoppers' traffic (npm start restarts it), once the browser suites are done.
    {
      name: 'faults',
      testMatch: /faults\/.*\.spec\.ts/,
      dependencies: ['site', 'phone', 'no-script'],
    },
    // Stops a service and redeploys a module, so it runs last, after the whole site suite.
    {
      name: 'operations',
      testMatch: /operations\/.*\.spec\.ts/,
      dependencies: ['faults'],
      // Its files change what the shared stack runs (a broken content release, a content deploy
      // the page cache must follow, services stopped): one file at a time, or one sees another's module.
      workers: 1,
    },
  ],
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `${baseURL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      STOREFRONT_PORT_OFFSET: String(PORT_OFFSET),
      STOREFRONT_DATA_DIR: '.data/e2e',
      STOREFRONT_FRESH: '1',
      // Square's redirect back must land on the origin the tests browse, where their storage lives.
      SITE_URL: baseURL,
      // Every test browses from one address; the lookup limit itself is proven by the service tests.
      AFFILIATE_LOOKUP_LIMIT: '500',
      SIGN_IN_LIMIT_PER_CLIENT: '500',
      SIGN_UP_LIMIT_PER_CLIENT: '500',
      ORDER_LIMIT_PER_CLIENT: '1000',
      CART_QUOTE_LIMIT_PER_CLIENT: '10000',
      NEW_CART_LIMIT_PER_CLIENT: '100000',
      NEWSLETTER_LIMIT_PER_CLIENT: '500',
      APPLICATION_LIMIT_PER_CLIENT: '500',
      LOG_LEVEL: 'warn',
    },
  },
});
