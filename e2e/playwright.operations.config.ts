import { defineConfig } from '@playwright/test';
import { ONE_ADDRESS_LIMITS, OPERATIONS_STACK, stackServer, SUITE_DEFAULTS } from './support/suite';

/**
 * The suites that change the stack under them, on a stack of their own that no other suite's test
 * shares: `faults` kills each service under shoppers' traffic (npm start restarts it); `operations` then
 * stops a service, redeploys modules and runs the one-module dev loop, one file at a time, since each
 * changes what the stack runs.
 */
export default defineConfig({
  ...SUITE_DEFAULTS,
  // Each suite's failures (traces, screenshots) in a folder of its own.
  outputDir: 'test-results/operations',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  reportSlowTests: { max: 10, threshold: 60_000 },
  use: { ...SUITE_DEFAULTS.use, baseURL: OPERATIONS_STACK.baseURL },
  projects: [
    { name: 'faults', testMatch: /faults\/.*\.spec\.ts/ },
    { name: 'operations', testMatch: /operations\/.*\.spec\.ts/, dependencies: ['faults'] },
  ],
  webServer: stackServer(OPERATIONS_STACK, ONE_ADDRESS_LIMITS),
});
