// One Jest run covers every workspace: browser code in jsdom, services and tools in node.
const { readdirSync } = require('node:fs');

// Every remote module (mfe-*) is browser code; new ones are picked up without editing this file.
const remoteFolders = readdirSync(__dirname)
  .filter((name) => name.startsWith('mfe-'))
  .map((name) => `<rootDir>/${name}`);
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      // Keep import() as is, so tests can load ESM-only packages (pdf.js).
      module: { type: 'commonjs', ignoreDynamic: true },
    },
  ],
};
const project = (displayName, roots, testEnvironment) => ({
  displayName,
  roots,
  testEnvironment,
  transform,
  setupFilesAfterEnv: testEnvironment === 'jsdom' ? ['<rootDir>/jest.setup.ts'] : [],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // A StrykerJS sandbox left by an interrupted run holds copies of tests.
  testPathIgnorePatterns: ['/node_modules/', '/\\.stryker-tmp/'],
  rootDir: __dirname,
});

module.exports = {
  // Jest's default is one worker fewer than the cores: one on CI's two. Most suites wait on databases,
  // sockets and child processes as much as they compute, so two workers take about half the time.
  maxWorkers: 2,
  // Service tests open real databases (PGlite starts in a second or two) and hash real passwords; on a
  // busy 2-core CI machine running both projects at once, 5 seconds is not enough headroom.
  testTimeout: 30_000,
  globalSetup: '<rootDir>/jest.global-setup.js',
  globalTeardown: '<rootDir>/jest.global-teardown.js',
  projects: [
    project(
      'browser',
      ['<rootDir>/packages/bus', '<rootDir>/packages/ui', '<rootDir>/shell/src/app', ...remoteFolders],
      'jsdom',
    ),
    project(
      'node',
      [
        '<rootDir>/packages/commerce',
        '<rootDir>/packages/documents',
        '<rootDir>/packages/artifact-store',
        '<rootDir>/packages/routing',
        '<rootDir>/packages/server-kit',
        '<rootDir>/services',
        '<rootDir>/stand-ins',
        '<rootDir>/shell/src/server',
        '<rootDir>/delivery',
      ],
      'node',
    ),
  ],
};
