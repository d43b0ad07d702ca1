const path = require('node:path');
const { shellConfig } = require('@storefront/mf-config');

const federationPlugin = (file) => path.join(__dirname, 'src', file);

module.exports = shellConfig({
  dir: __dirname,
  entry: './src/app/index.ts',
  serverEntry: './src/render/index.tsx',
  runtimePlugins: [
    federationPlugin('app/federation/provide-runtime-plugin.ts'),
    federationPlugin('app/federation/resilience-plugin.ts'),
  ],
  serverRuntimePlugins: [federationPlugin('render/artifact-entry-plugin.ts')],
});
