#!/usr/bin/env node
// Builds one app (the shell or a remote), for the browser and for the server, from its
// webpack.config.js: `node build.js <app-dir>`. Run as its own process so two builds use both cores.
const { existsSync, rmSync } = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { PRIVATE_SOURCE_MAPS, WITH_FEDERATED_TYPES } = require('./webpack');

const dir = path.resolve(process.argv[2] ?? '.');
const config = require(path.join(dir, 'webpack.config.js'));
// The maps kept are those of the build in dist/, no older one.
rmSync(path.join(dir, PRIVATE_SOURCE_MAPS), { recursive: true, force: true });

const compiler = webpack(config);
compiler.run((error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
    process.exit(1);
  }
  if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true }));
  // A remote (it declares its routes) built for a release publishes its federated types; the plugin only
  // logs their failure.
  const dist = path.join(dir, 'dist');
  if (
    WITH_FEDERATED_TYPES &&
    existsSync(path.join(dist, 'storefront-module.json')) &&
    !existsSync(path.join(dist, '@mf-types.zip'))
  ) {
    console.error(
      `${path.basename(dir)}: its federated types were not generated (the TYPE-001 error above names the command that shows why)`,
    );
    process.exit(1);
  }
  // Closing the compiler is what writes webpack's cache (webpack.js: persistentCache) to disk.
  compiler.close(() => process.exit(0));
});
