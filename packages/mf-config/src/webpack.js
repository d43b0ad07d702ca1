// Webpack configuration for the shell and the remotes. Every app is built twice from the same sources:
// for the browser, and for the shell's server (Node), which renders pages with the very same versions.
// Each build gets its own uniqueName so chunk-loading globals never collide in one page or process.
const { createHash } = require('node:crypto');
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { gzip: zopfliGzip } = require('@gfx/zopfli');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const webpack = require('webpack');
const { sharedConfig } = require('./shared');
const { loadManifest, remoteDeclaration, shellDeclaration } = require('./declarations');

/** The browser and server builds of one app land in dist/ and dist/server/ of the same folder. */
const SERVER_FOLDER = 'server';
/** Where an app's browser source maps are kept (beside dist/, never published or served). */
const PRIVATE_SOURCE_MAPS = 'dist-sourcemaps';

// styled-components names each component from its file and position rather than from a counter, so
// the class names the server renders are the ones the browser hydrates, whatever order modules load in.
const styledComponentsPlugin = [
  require.resolve('@swc/plugin-styled-components/swc_plugin_styled_components.wasm'),
  { ssr: true, displayName: false, pure: true },
];

/**
 * The one-module loop (`npm run dev -- <module>`, delivery/src/cli/dev.ts) sets this to the address of
 * its dev server: the shell is then built once for development, and the module served with React Refresh.
 */
const devServerOrigin = () => process.env.STOREFRONT_DEV_SERVER;

const swcRule = (target, { refresh = false } = {}) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: refresh, refresh } },
        target,
        experimental: { plugins: [styledComponentsPlugin] },
      },
    },
  },
});

/**
 * Every browser script is written compressed beside itself, once, at the highest ratio each encoding
 * allows, for the shell's server and any CDN to send as is: brotli (quality 11, about a sixth under
 * gzip) for the browsers that take it, which are nearly all, and gzip (zopfli: about 3% under what a
 * server compresses on the fly) for the rest.
 */
const precompressedScripts = () => [
  new CompressionPlugin({
    test: /\.js$/,
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    },
    threshold: 0,
    minRatio: 1,
  }),
  new CompressionPlugin({
    test: /\.js$/,
    filename: '[path][base].gz',
    algorithm: (input, options, done) =>
      zopfliGzip(input, options, (error, output) => done(error, output && Buffer.from(output))),
    compressionOptions: { numiterations: 5 },
    threshold: 0,
    minRatio: 1,
  }),
];

/**
 * Source maps of the browser scripts go to <app>/dist-sourcemaps/, beside the build and never published
 * with it: the scripts carry no reference to them, so shoppers download nothing more and the sources
 * stay private, while whoever reads a production stack trace has the map of that very build.
 */
const privateSourceMaps = () =>
  new webpack.SourceMapDevToolPlugin({
    test: /\.js$/,
    filename: `../${PRIVATE_SOURCE_MAPS}/[file].map`,
    append: false,
  });

/**
 * react-router's package exports send every bundler to its development build, whose warnings (and
 * their text) stay in production code (remix-run/react-router#14102); the production build it ships
 * beside it differs only in having them off. Production builds take that one.
 */
function reactRouterProductionBuild(dir) {
  // The react-router that react-router-dom of @storefront/routing (the router every module shares) uses.
  const packageDir = (name, from) => path.dirname(require.resolve(`${name}/package.json`, { paths: [from] }));
  const root = packageDir(
    'react-router',
    packageDir('react-router-dom', packageDir('@storefront/routing', dir)),
  );
  return {
    'react-router$': path.join(root, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(root, 'dist/production/dom-export.mjs'),
  };
}

/**
 * Each app keeps webpack's cache of its modules in its node_modules/.cache/webpack/, so a build after a
 * small change (a deploy, a release test's edit) compiles and minifies only what changed: about 5 s
 * instead of 17 for a remote. Webpack cannot trace this configuration's own dependencies (it loads each
 * module's manifest through tsx), so the cache's version stands for them instead: this package's code,
 * the app's webpack.config.js, the bus contract and the lockfile (every dependency's version).
 */
function persistentCache({ dir, server, production }) {
  const inputs = [
    ...readdirSync(__dirname).map((file) => path.join(__dirname, file)),
    path.join(dir, 'webpack.config.js'),
    path.join(__dirname, '../../bus/contract.json'),
    path.join(__dirname, '../../../package-lock.json'),
  ];
  const version = createHash('sha256');
  for (const file of inputs) version.update(readFileSync(file));
  return {
    type: 'filesystem',
    cacheDirectory: path.join(dir, 'node_modules/.cache/webpack'),
    name: `${server ? 'server' : 'browser'}-${production ? 'production' : 'development'}`,
    version: version.digest('hex'),
    buildDependencies: {},
  };
}

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
      alias: production ? reactRouterProductionBuild(dir) : {},
    },
    module: { rules: [swcRule(server ? 'es2022' : 'es2020')] },
    // Server code is read by people debugging a render, and its size does not matter.
    optimization: server ? { minimize: false } : {},
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
    cache: persistentCache({ dir, server, production }),
  };
}

/**
 * The federation runtime carries only what this storefront uses: no manifest snapshots (remotes are
 * registered by their remoteEntry.js), and only the loading code of the environment it runs in.
 */
const runtimeOptimization = (server) => ({
  optimization: { disableSnapshot: true, target: server ? 'node' : 'web' },
});

/**
 * A remote's browser build built for a release (STOREFRONT_FEDERATED_TYPES=1, which the deploy sets)
 * publishes the types of what it exposes (`@mf-types.zip`, named in its mf-manifest.json): the deploy
 * checks them against what the shell expects of each module (delivery/src/federated-types.ts). Other
 * builds (`npm start`, `npm run build`, the image) skip them: they are half of a remote's build time and
 * nothing else reads them. The plugin only logs a failure to generate them, so build.js refuses a build
 * asked for them without them.
 */
const WITH_FEDERATED_TYPES = process.env.STOREFRONT_FEDERATED_TYPES === '1';
const FEDERATED_TYPES = {
  generateTypes: { abortOnError: true, compileInChildProcess: false, deleteTypesFolder: true },
  consumeTypes: false,
  displayErrorInTerminal: true,
};

/** A remote's container: no entry of its own, served from a versioned folder. */
function remoteFederation({ dir, name, exposes, server }) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedConfig({ eager: false, fromDir: dir }),
    shareStrategy: 'loaded-first',
    dts: !server && WITH_FEDERATED_TYPES ? FEDERATED_TYPES : false,
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
 * container in server/ beside it, and its declaration with its manifest.
 */
function remoteConfig({ dir, name, exposes, manifest: manifestModule }) {
  if (devServerOrigin()) return devRemoteConfig({ dir, name, exposes });
  const manifest = loadManifest(dir, manifestModule, exposes);
  const build = (server, ...plugins) => {
    const config = baseConfig({ dir, name, publicPath: 'auto', server });
    // Each exposed page comes as one file with what it needs, not spread over files shared with the
    // module's other pages: a page is what a shopper loads, and every file costs a request.
    if (!server) config.optimization = { ...config.optimization, splitChunks: false };
    return { ...config, entry: {}, plugins: [remoteFederation({ dir, name, exposes, server }), ...plugins] };
  };
  return [
    build(
      false,
      remoteDeclaration({ dir, name, exposes, manifest }),
      ...precompressedScripts(),
      privateSourceMaps(),
    ),
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

  const origin = devServerOrigin();
  if (origin) {
    // For the one-module loop: React's development build, with Refresh's hook in place before it loads.
    return {
      ...baseConfig({ dir, name: 'shell', publicPath: `${DEV_SHELL_PATH}/`, server: false }),
      mode: 'development',
      devtool: 'cheap-module-source-map',
      entry: { main: [require.resolve('./refresh-hook.js'), entry] },
      output: { path: path.join(dir, DEV_SHELL_BUILD), filename: '[name].js', clean: true },
      plugins: [federation(false)],
    };
  }
  const browser = {
    ...baseConfig({ dir, name: 'shell', publicPath: '/', server: false }),
    entry: { main: entry },
    plugins: [federation(false), shellDeclaration({ dir }), ...precompressedScripts(), privateSourceMaps()],
  };
  const server = {
    ...baseConfig({ dir, name: 'shell', publicPath: '/', server: true }),
    entry: { render: serverEntry },
    plugins: [federation(true)],
  };
  server.output = { ...server.output, library: { type: 'commonjs2' } };
  return [browser, server];
}

/**
 * Where the shell serves its own development build (built into the shell's dist-dev/) to a browser in
 * the one-module loop: from the shop's origin, so the dev server supplies that one module's scripts only.
 */
const DEV_SHELL_PATH = '/__dev/shell';
const DEV_SHELL_BUILD = 'dist-dev';

/**
 * A remote for the one-module loop: its browser container only, in development mode with source maps,
 * compiled by webpack's dev server (in memory) and hot-updated through React Refresh. Refresh's runtime
 * gets the module's own namespace, since the shell's page has its own.
 */
function devRemoteConfig({ dir, name, exposes }) {
  const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  const config = baseConfig({ dir, name, publicPath: 'auto', server: false });
  return {
    ...config,
    mode: 'development',
    devtool: 'cheap-module-source-map',
    entry: {},
    module: { rules: [swcRule('es2020', { refresh: true })] },
    optimization: { splitChunks: false },
    plugins: [
      remoteFederation({ dir, name, exposes, server: false }),
      new ReactRefreshPlugin({ overlay: false, library: `storefront_${name}` }),
    ],
  };
}

module.exports = {
  DEV_SHELL_BUILD,
  DEV_SHELL_PATH,
  PRIVATE_SOURCE_MAPS,
  SERVER_FOLDER,
  WITH_FEDERATED_TYPES,
  remoteConfig,
  shellConfig,
};
