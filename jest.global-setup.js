// One Jest run's folder of migrated test databases (packages/server-kit/src/testing.ts), removed after it.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

module.exports = () => {
  process.env.STOREFRONT_TEST_DATABASE_TEMPLATES = mkdtempSync(
    path.join(tmpdir(), 'storefront-test-databases-'),
  );
};
