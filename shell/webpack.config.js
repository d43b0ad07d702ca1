const path = require('node:path');
const { shellConfig } = require('@storefront/mf-config');

module.exports = shellConfig({
  dir: __dirname,
  entry: './src/app/index.ts',
  template: path.join(__dirname, 'src/app/index.html'),
  runtimePlugins: [path.join(__dirname, 'src/app/federation/resilience-plugin.ts')],
});
