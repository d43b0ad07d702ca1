import { fileURLToPath } from 'node:url';

/**
 * What every package's mutation run shares (StrykerJS, jest runner, `npm run test:mutation`): each mutant
 * is tested by the tests that ran its code (per-test coverage), and each run's results are kept in
 * reports/mutation/<name>.json, so the next run, CI's included, tests again only the mutants whose code or
 * covering tests changed. A run fails under a score of 60.
 */
export function mutationConfig(name, mutate) {
  return {
    testRunner: 'jest',
    jest: {
      projectType: 'custom',
      configFile: fileURLToPath(new URL('./jest.mutation.js', import.meta.url)),
      enableFindRelatedTests: true,
    },
    // A test beside the code it tests is never itself mutated.
    mutate: [...mutate, '!**/*.test.ts', '!**/*.test.tsx'],
    coverageAnalysis: 'perTest',
    concurrency: 2,
    incremental: true,
    incrementalFile: fileURLToPath(new URL(`./reports/mutation/${name}.json`, import.meta.url)),
    reporters: ['clear-text'],
    clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
    thresholds: { high: 90, low: 75, break: 60 },
  };
}
