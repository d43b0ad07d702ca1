// The tests of the one package StrykerJS is mutating, as the root's project for its code runs them (node,
// or jsdom for browser code: MUTATION_JEST_PROJECT=browser). StrykerJS runs them in a sandbox copy of the
// package, its working folder: the tests found there are the ones run.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { projects, testTimeout } = require('./jest.config');

const sandbox = process.cwd();

const project = projects.find(
  ({ displayName }) => displayName === (process.env.MUTATION_JEST_PROJECT ?? 'node'),
);

module.exports = {
  ...project,
  // The setup the root's jsdom project names lives at the root, not in the sandbox.
  setupFilesAfterEnv: project.setupFilesAfterEnv.map((file) => file.replace('<rootDir>', __dirname)),
  testTimeout,
  rootDir: sandbox,
  roots: ['src', 'test']
    .filter((folder) => existsSync(path.join(sandbox, folder)))
    .map((folder) => `<rootDir>/${folder}`),
  // In the sandbox, the root's rule against sandbox copies would leave no test at all.
  testPathIgnorePatterns: ['/node_modules/'],
  // A package whose other tests start whole stacks names the tests that hold the code it mutates
  // (MUTATION_TESTS, paths in the package): the others would run for every mutant they happen to cover.
  ...(process.env.MUTATION_TESTS
    ? { testMatch: process.env.MUTATION_TESTS.split(',').map((test) => `<rootDir>/${test}`) }
    : {}),
};
