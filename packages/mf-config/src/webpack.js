// Webpack configuration for the shell and the remotes. Every app is built twice from the same sources:
// for the browser, and for the shell's server (Node), which renders pages with the very same versions.
// Each build gets its own uniqueName so chunk-loading globals never collide in one page or process.
const path = require('node:path');
const { gzip: zopfliGzip } = require('@gfx/zopfli');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const { sharedConfig } = require('./shared');
const { loadRoutes, remoteDeclaration, shellDeclaration } = require('./declarations');

/** The browser and server builds of one app land in dist/ and dist/server/ of the same folder. */
const SERVER_FOLDER = 'server';

// styled-components names each component from its file and position rather than from a counter, so
// the class names the server renders are the ones the browser hydrates, whatever order modules load in.
const styledComponentsPlugin = [
  require.resolve('@swc/plugin-styled-components/swc_plugin_styled_components.wasm'),
  { ssr: true, displayName: false, pure: true },
];

const swcRule = (target) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target,
        experimental: { plugins: [styledComponentsPlugin] },
      },
    },
  },
});

/**
 * Every browser script is written gzipped beside itself, once, at the highest ratio gzip allows
 * (zopfli: about 3% under what a server compresses on the fly), for the shell's server and any CDN to
 * send as is.
 */
const precompressedScripts = () =>
  new CompressionPlugin({
    test: /\.js$/,
    filename: '[path][base].gz',
    algorithm: (input, options, done) =>
      zopfliGzip(input, options, (error, output) => done(error, output && Buffer.from(output))),
    compressionOptions: { numiterations: 5 },
    threshold: 0,
    minRatio: 1,
  });

function baseConfig({ dir, name, publicPath, server }) {
  const production = process.env.NODE_ENV !== 'development';
  return {
    name: server ? 'server' : 'browser',
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: false,
    target: server ? 'async-node' : 'web',
    output: {
      path: server ? path.join(dir, 'dist', SERVER_FOLDER) : path.join(dir, 'dist'),
      publicPath,
      uniqueName: `storefront_${name}${server ? '_server' : ''}`,
      // The federation runtime asks for this name before hashes exist, only to learn the folder depth.
      // The server's entries keep fixed names: the shell's server requires them by name.
      filename: (pathData) =>
        !server && pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      // Both builds write into dist/: the browser's cleaning leaves the server's folder alone.
      clean: server ? true : { keep: new RegExp(`^${SERVER_FOLDER}/`) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Packages that offer an ES2015 build (rxjs) give that one: smaller, and no tslib helpers.
      conditionNames: ['es2015', '...'],
    },
    module: { rules: [swcRule(server ? 'es2022' : 'es2020')] },
    // Server code is read by people debugging a render, and its size does not matter.
    optimization: server ? { minimize: false } : {},
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

/**
 * The federation runtime carries only what this storefront uses: no manifest snapshots (remotes are
 * registered by their remoteEntry.js), and only the loading code of the environment it runs in.
 */
const runtimeOptimization = (server) => ({
  optimization: { disableSnapshot: true, target: server ? 'node' : 'web' },
});

/** A remote's container: no entry of its own, served from a versioned folder. */
function remoteFederation({ dir, name, exposes, server }) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedConfig({ eager: false, fromDir: dir }),
    shareStrategy: 'loaded-first',
    dts: false,
    ...(server
      ? // A CommonJS module the shell's server requires from the artifact store; it carries its own
        // federation runtime and reads its chunks from its own folder.
        { library: { type: 'commonjs-module' }, manifest: false, experiments: runtimeOptimization(server) }
      : // Use the shell's federation runtime instead of carrying a copy in every remoteEntry.js.
        { manifest: true, experiments: { ...runtimeOptimization(server), externalRuntime: true } }),
  });
}

/**
 * A remote: its browser container (publicPath 'auto', so any versioned folder works) and its server
 * container in server/ beside it, and the declaration of its routes.
 */
function remoteConfig({ dir, name, exposes, routes: routesModule }) {
  const routes = loadRoutes(dir, routesModule, exposes);
  const build = (server, ...plugins) => {
    const config = baseConfig({ dir, name, publicPath: 'auto', server });
    // Each exposed page comes as one file with what it needs, not spread over files shared with the
    // module's other pages: a page is what a shopper loads, and every file costs a request.
    if (!server) config.optimization = { ...config.optimization, splitChunks: false };
    return { ...config, entry: {}, plugins: [remoteFederation({ dir, name, exposes, server }), ...plugins] };
  };
  return [
    build(false, remoteDeclaration({ dir, name, exposes, routes }), precompressedScripts()),
    build(true),
  ];
}

/**
 * The shell: in the browser it provides the shared modules and knows no remote at build time; its
 * server bundle (`server/render.js`) renders pages, loading each remote's server container through the
 * same federation runtime, with the same shared modules.
 */
function shellConfig({ dir, entry, serverEntry, runtimePlugins, serverRuntimePlugins }) {
  const federation = (server) =>
    new ModuleFederationPlugin({
      name: server ? 'shell_server' : 'shell',
      remotes: {},
      shared: sharedConfig({ eager: true, fromDir: dir }),
      shareStrategy: 'loaded-first',
      runtimePlugins: server ? serverRuntimePlugins : runtimePlugins,
      dts: false,
      ...(server
        ? { manifest: false, experiments: runtimeOptimization(server) }
        : { experiments: runtimeOptimization(server) }),
    });

  const browser = {
    ...baseConfig({ dir, name: 'shell', publicPath: '/', server: false }),
    entry: { main: entry },
    plugins: [federation(false), shellDeclaration({ dir }), precompressedScripts()],
  };
  const server = {
    ...baseConfig({ dir, name: 'shell', publicPath: '/', server: true }),
    entry: { render: serverEntry },
    plugins: [federation(true)],
  };
  server.output = { ...server.output, library: { type: 'commonjs2' } };
  return [browser, server];
}

module.exports = { SERVER_FOLDER, remoteConfig, shellConfig };
