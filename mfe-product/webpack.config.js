const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: the product detail page.
module.exports = remoteConfig({
  dir: __dirname,
  routes: './src/routes.ts',
  name: 'product',
  exposes: {
    './ProductPage': './src/pages/ProductPage.tsx',
  },
});
