const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: its one page (src/manifest.ts says what it is).
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'affiliate',
  exposes: {
    './AffiliatePage': './src/pages/AffiliatePage.tsx',
  },
});
