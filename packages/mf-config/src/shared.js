// What the shell shares with the remotes, in the browser and on its server: one React, one router,
// one validator, one bus, one theme in the page. The shell provides them; remotes consume them.
// Versions come from what is installed, so the declaration and the build can never disagree.
//
// A shared module is shipped whole, never tree-shaken. So the router and the validator are shared
// through our own packages, which re-export only what the storefront uses: @storefront/routing
// (react-router-dom) and @storefront/schema (zod/mini). rxjs is not shared: the bus carries the few
// operators it uses, and a module that pipes the bus's streams brings its own, which work on any
// RxJS 7 Observable.
const SINGLETONS = [
  'react',
  'react-dom',
  'styled-components',
  '@storefront/routing',
  '@storefront/schema',
  '@storefront/bus',
  '@storefront/ui',
];

function installedVersion(name, fromDir) {
  const manifest = require.resolve(`${name}/package.json`, { paths: [fromDir] });
  return require(manifest).version;
}

/** '^MAJOR.MINOR.0' for 1.x and up; our own 0.x packages accept any compatible 0.x minor exactly. */
function compatibleRange(version) {
  const [major, minor] = version.split('.');
  return major === '0' ? `~0.${minor}.0` : `^${major}.${minor}.0`;
}

/** Exact installed versions of the singletons, as a remote records them at build time. */
function singletonVersions(fromDir) {
  return Object.fromEntries(SINGLETONS.map((name) => [name, installedVersion(name, fromDir)]));
}

function sharedConfig({ eager, fromDir }) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, fromDir);
    const entry = { singleton: true, requiredVersion: compatibleRange(version), version, eager };
    shared[name] = entry;
    // Deep imports (react/jsx-runtime, react-dom/client) must resolve to the same single copy.
    if (name === 'react' || name === 'react-dom') shared[`${name}/`] = { ...entry };
  }
  return shared;
}

module.exports = { SINGLETONS, sharedConfig, singletonVersions, compatibleRange };
