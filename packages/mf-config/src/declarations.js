// What each build declares about itself. A remote: the shared singletons and bus contract it was built
// against (so a deploy can tell whether it fits the live shell before anyone sees it) and the pages it
// serves, the actions, fragments, bindings and cookies it offers and what it uses of others (its manifest).
// The shell: what it provides, and the scripts its pages load.
const path = require('node:path');
const tsx = require('tsx/cjs/api');
const { singletonVersions } = require('./shared');

const REMOTE_DECLARATION = 'storefront-module.json';
const SHELL_DECLARATION = 'storefront-shell.json';

function busContractVersion() {
  return require(path.join(__dirname, '../../bus/contract.json')).version;
}

/**
 * The remote's manifest (a TypeScript module exporting `manifest`), checked against the contract and
 * against what the module exposes: every page, fragment, slot and binding it names is one of its exposed
 * modules, and a module with actions or page loaders exposes its `server` module.
 */
function loadManifest(dir, manifestModule, exposes) {
  const { manifest } = tsx.require(path.resolve(dir, manifestModule), __filename);
  const { moduleManifestSchema } = tsx.require('@storefront/routing/contract', __filename);
  const { SERVER_MODULE } = tsx.require('@storefront/routing/module', __filename);
  const checked = moduleManifestSchema.parse(manifest);
  const offered = new Set(Object.keys(exposes).map((key) => key.replace(/^\.\//, '')));
  const mustBeExposed = (what, name) => {
    if (!offered.has(name)) throw new Error(`${what} names ${name}, which the module does not expose.`);
  };
  const seen = new Set();
  for (const route of checked.routes) {
    mustBeExposed(`Route ${route.path}`, route.exposed);
    if (seen.has(route.path)) throw new Error(`Route ${route.path} is declared twice.`);
    seen.add(route.path);
  }
  for (const fragment of checked.fragments) mustBeExposed('Its fragments', fragment);
  for (const [slot, fragment] of Object.entries(checked.slots)) {
    if (!checked.fragments.includes(fragment))
      throw new Error(`Slot ${slot} is filled with ${fragment}, which is not one of its fragments.`);
  }
  for (const binding of checked.bindings) mustBeExposed('A binding', binding.exposed);
  const serves = Object.keys(checked.actions).length > 0 || checked.routes.some((r) => r.serverLoader);
  if (serves) mustBeExposed('Its actions and page loaders', SERVER_MODULE);
  return checked;
}

/** A webpack plugin that writes a JSON file next to the build's other assets. */
class EmitJsonPlugin {
  constructor(fileName, content) {
    this.fileName = fileName;
    this.content = content;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitJsonPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          compilation.emitAsset(
            this.fileName,
            new sources.RawSource(`${JSON.stringify(this.content(compilation), null, 2)}\n`),
          );
        },
      );
    });
  }
}

function remoteDeclaration({ dir, name, exposes, manifest }) {
  return new EmitJsonPlugin(REMOTE_DECLARATION, () => ({
    name,
    exposes: Object.keys(exposes).map((key) => key.replace(/^\.\//, '')),
    manifest,
    busContract: busContractVersion(),
    singletons: singletonVersions(dir),
  }));
}

/** The shell's declaration, with the scripts (in order) and preloads every server-rendered page needs. */
function shellDeclaration({ dir }) {
  return new EmitJsonPlugin(SHELL_DECLARATION, (compilation) => {
    const publicPath = compilation.outputOptions.publicPath;
    const files = compilation.entrypoints.get('main').getFiles();
    return {
      busContract: busContractVersion(),
      singletons: singletonVersions(dir),
      scripts: files.filter((file) => file.endsWith('.js')).map((file) => `${publicPath}${file}`),
    };
  });
}

module.exports = { REMOTE_DECLARATION, SHELL_DECLARATION, loadManifest, remoteDeclaration, shellDeclaration };
