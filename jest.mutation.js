// The tests of the one package StrykerJS is mutating, as the root's node project runs them. StrykerJS
// runs them in a sandbox copy of the package, its working folder: the tests found there are the ones run.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { projects, testTimeout } = require('./jest.config');

const sandbox = process.cwd();

module.exports = {
  ...projects.find((project) => project.displayName === 'node'),
  testTimeout,
  rootDir: sandbox,
  roots: ['src', 'test']
    .filter((folder) => existsSync(path.join(sandbox, folder)))
    .map((folder) => `<rootDir>/${folder}`),
  // In the sandbox, the root's rule against sandbox copies would leave no test at all.
  testPathIgnorePatterns: ['/node_modules/'],
};
