// Webpack configuration for the shell and the remotes. Each app gets its own uniqueName so their
// chunk-loading globals never collide in one page.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { sharedConfig } = require('./shared');
const { remoteDeclaration, shellDeclaration } = require('./declarations');

const swcRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2020',
      },
    },
  },
};

function baseConfig({ dir, name, publicPath }) {
  const production = process.env.NODE_ENV !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: `storefront_${name}`,
      // The federation runtime asks for this name before hashes exist, only to learn the folder depth.
      filename: (pathData) =>
        pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: { rules: [swcRule] },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

/** A remote: no entry of its own, only the federation container, served from a versioned folder. */
function remoteConfig({ dir, name, exposes }) {
  return {
    ...baseConfig({ dir, name, publicPath: 'auto' }),
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedConfig({ eager: false, fromDir: dir }),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // Use the shell's federation runtime instead of carrying a copy in every remoteEntry.js.
        experiments: { externalRuntime: true },
      }),
      remoteDeclaration({ dir, name, exposes }),
    ],
  };
}

/** The shell: provides the singletons eagerly and knows no remote at build time. */
function shellConfig({ dir, entry, template, runtimePlugins }) {
  return {
    ...baseConfig({ dir, name: 'shell', publicPath: '/' }),
    entry: { main: entry },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedConfig({ eager: true, fromDir: dir }),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        dts: false,
        experiments: { provideExternalRuntime: true },
      }),
      new HtmlWebpackPlugin({ template, inject: 'body', scriptLoading: 'defer' }),
      shellDeclaration({ dir }),
    ],
  };
}

module.exports = { remoteConfig, shellConfig };
