const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: the home page and the catalogue page.
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'catalog',
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
    './CatalogPage': './src/pages/CatalogPage.tsx',
  },
});
