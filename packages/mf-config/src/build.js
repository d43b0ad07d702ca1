#!/usr/bin/env node
// Builds one app (the shell or a remote), for the browser and for the server, from its
// webpack.config.js: `node build.js <app-dir>`. Run as its own process so two builds use both cores.
const { rmSync } = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { PRIVATE_SOURCE_MAPS } = require('./webpack');

const dir = path.resolve(process.argv[2] ?? '.');
const config = require(path.join(dir, 'webpack.config.js'));
// The maps kept are those of the build in dist/, no older one.
rmSync(path.join(dir, PRIVATE_SOURCE_MAPS), { recursive: true, force: true });

webpack(config, (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
    process.exit(1);
  }
  if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true }));
  process.exit(0);
});
