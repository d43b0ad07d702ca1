// This package's tests alone, as the root's node project runs them: what StrykerJS runs for each mutant.
// The root is found by walking up, since StrykerJS runs this file from a sandbox copy of the package.
const { existsSync } = require('node:fs');
const path = require('node:path');

let repoRoot = __dirname;
while (!existsSync(path.join(repoRoot, 'lerna.json'))) repoRoot = path.dirname(repoRoot);
const { projects } = require(path.join(repoRoot, 'jest.config.js'));

module.exports = {
  ...projects.find((project) => project.displayName === 'node'),
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  // Run from the sandbox, the root's rule against sandbox copies would leave no test at all.
  testPathIgnorePatterns: ['/node_modules/'],
};
