const { rmSync } = require('node:fs');

module.exports = () => {
  const templates = process.env.STOREFRONT_TEST_DATABASE_TEMPLATES;
  if (templates) rmSync(templates, { recursive: true, force: true });
};
