import { defineConfig } from '@playwright/test';
import { RELEASE_STACK } from './support/release-stack';
import { stackServer, SUITE_DEFAULTS } from './support/suite';

/**
 * The suite's third stack: one instance of each part on PostgreSQL (TEST_DATABASE_URL, schemas prefixed
 * rel_), as a team would run it to release a module: its tests deploy, roll back and canary the checkout
 * module's two halves under constant load, and see the refusals a deploy makes. A canary runs two
 * releases of a service on one database, so this stack needs PostgreSQL; without it, it says so. The
 * stack starts from the run's one build; the deploys build the releases they make, which is what they test.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl)
  console.warn('The release suite needs TEST_DATABASE_URL (CI sets it, see .ci/run); skipped.');

export default defineConfig({
  ...SUITE_DEFAULTS,
  // Each suite's failures (traces, screenshots) in a folder of its own.
  outputDir: 'test-results/releases',
  testMatch: databaseUrl ? [/releases\/.*\.spec\.ts/] : [],
  fullyParallel: false,
  workers: 1,
  // A deploy builds the module's UI (webpack) and service, checks and smoke-tests it, all beside the
  // load the test sends: on a busy two-core machine that alone has taken close to five minutes.
  timeout: 600_000,
  use: { ...SUITE_DEFAULTS.use, baseURL: RELEASE_STACK.baseURL },
  webServer: databaseUrl ? stackServer(RELEASE_STACK, RELEASE_STACK.env(databaseUrl)) : undefined,
});
