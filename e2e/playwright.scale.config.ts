import { defineConfig } from '@playwright/test';
import { SCALE_STACK, SCALE_SUITE_RUNS } from './support/scale-stack';
import { stackServer, SUITE_DEFAULTS } from './support/suite';

/**
 * The suite's second stack: the shape of a deployment on loopback. Two instances of every service and
 * of the shell, each its production bundle run by plain node, behind nginx, on PostgreSQL (TEST_DATABASE_URL, schemas prefixed e2e_) with rate limits
 * in Redis (TEST_REDIS_URL), every limit at its stated number. Its tests prove what only several
 * instances can show (shared limits, sessions, registry, faults absorbed) and run the hostile fuzz pass and a
 * purchase on PostgreSQL. Without both URLs there is nothing to run it on, and it says so.
 */
if (!SCALE_SUITE_RUNS) {
  console.warn(
    'The scale-out suite needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both, see .ci/run); skipped.',
  );
}

export default defineConfig({
  ...SUITE_DEFAULTS,
  // Each suite's failures (traces, screenshots) in a folder of its own.
  outputDir: 'test-results/scale',
  testMatch: SCALE_SUITE_RUNS ? [/scale\/.*\.spec\.ts/, /hostile-input\.spec\.ts/] : [],
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  use: { ...SUITE_DEFAULTS.use, baseURL: SCALE_STACK.baseURL },
  webServer: SCALE_SUITE_RUNS
    ? stackServer(SCALE_STACK, {
        STOREFRONT_INSTANCES: '2',
        STOREFRONT_SCHEMA_PREFIX: SCALE_STACK.schemaPrefix,
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        // Every shopper of the suite begins a cart from one address; the limit has tests of its own.
        NEW_CART_LIMIT_PER_CLIENT: '100000',
      })
    : undefined,
});
