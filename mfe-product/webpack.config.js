const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: the product detail page, and its server module (src/manifest.ts).
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'product',
  exposes: {
    './ProductPage': './src/pages/ProductPage.tsx',
    './server': './src/server.ts',
  },
});
