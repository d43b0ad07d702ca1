const { remoteConfig } = require('@storefront/mf-config');

// What this module offers the shell: its one page and its server module (src/manifest.ts says what each is).
module.exports = remoteConfig({
  dir: __dirname,
  manifest: './src/manifest.ts',
  name: 'affiliate',
  exposes: {
    './AffiliatePage': './src/pages/AffiliatePage.tsx',
    './server': './src/server.ts',
  },
});
