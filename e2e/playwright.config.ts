import { defineConfig } from '@playwright/test';
import {
  browserProjects,
  BROWSER_STACK,
  ONE_ADDRESS_LIMITS,
  stackServer,
  SUITE_DEFAULTS,
} from './support/suite';

/**
 * `npm test`'s browser suite: every journey of the spec once in each profile (desktop, phone,
 * JavaScript off): the tests tagged @journey. The rest of the browser suite, and the suites that
 * change or multiply the stack, run in `npm run test:all` (playwright.full.config.ts and the others;
 * e2e/README.md maps each part of the spec to its tests).
 */
export default defineConfig({
  ...SUITE_DEFAULTS,
  // Each suite's failures (traces, screenshots) in a folder of its own.
  outputDir: 'test-results/journeys',
  grep: /@journey/,
  fullyParallel: true,
  // The phone's tests wait on a throttled CPU and a slow network far more than they compute.
  workers: 3,
  // Several journeys sign a researcher up and shop in two browsers: about 30 s on an idle two-core
  // machine, and twice that on the same machine on a slow day, which CI must not fail for.
  timeout: 60_000,
  reportSlowTests: { max: 10, threshold: 30_000 },
  use: { ...SUITE_DEFAULTS.use, baseURL: BROWSER_STACK.baseURL },
  projects: browserProjects(),
  webServer: stackServer(BROWSER_STACK, ONE_ADDRESS_LIMITS),
});
