import { defineConfig } from '@playwright/test';
import { SCALE_SUITE_RUNS } from './support/scale-stack';
import {
  browserProjects,
  FULL_BROWSER_STACK,
  ONE_ADDRESS_LIMITS,
  stackServer,
  SUITE_DEFAULTS,
} from './support/suite';

/**
 * `npm run test:all`'s browser suite: every browser test that is not one of `npm test`'s journeys
 * (playwright.config.ts), on a stack of its own. The hostile fuzz pass runs here when the scale-out
 * suite, which runs it on PostgreSQL, cannot.
 */
export default defineConfig({
  ...SUITE_DEFAULTS,
  // Each suite's failures (traces, screenshots) in a folder of its own.
  outputDir: 'test-results/full',
  grepInvert: /@journey/,
  fullyParallel: true,
  workers: 3,
  timeout: 60_000,
  reportSlowTests: { max: 10, threshold: 60_000 },
  use: { ...SUITE_DEFAULTS.use, baseURL: FULL_BROWSER_STACK.baseURL },
  projects: browserProjects(SCALE_SUITE_RUNS ? [/hostile-input\.spec\.ts/] : []),
  webServer: stackServer(FULL_BROWSER_STACK, ONE_ADDRESS_LIMITS),
});
