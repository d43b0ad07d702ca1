// What each build declares about itself. A remote: the shared singletons and bus contract it was built
// against (so a deploy can tell whether it fits the live shell before anyone sees it) and the pages it
// serves (the shell's route table). The shell: what it provides, and the scripts its pages load.
const path = require('node:path');
const tsx = require('tsx/cjs/api');
const { singletonVersions } = require('./shared');

const REMOTE_DECLARATION = 'storefront-module.json';
const SHELL_DECLARATION = 'storefront-shell.json';

function busContractVersion() {
  return require(path.join(__dirname, '../../bus/contract.json')).version;
}

/** The remote's route declarations (a TypeScript module exporting `routes`), checked against the contract. */
function loadRoutes(dir, routesModule, exposes) {
  const { routes } = tsx.require(path.resolve(dir, routesModule), __filename);
  const { routeDeclarationsSchema } = tsx.require('@storefront/routing/contract', __filename);
  const checked = routeDeclarationsSchema.parse(routes);
  const offered = Object.keys(exposes).map((key) => key.replace(/^\.\//, ''));
  const seen = new Set();
  for (const route of checked) {
    if (!offered.includes(route.exposed))
      throw new Error(
        `Route ${route.path} is rendered by ${route.exposed}, which the module does not expose.`,
      );
    if (seen.has(route.path)) throw new Error(`Route ${route.path} is declared twice.`);
    seen.add(route.path);
  }
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

function remoteDeclaration({ dir, name, exposes, routes }) {
  return new EmitJsonPlugin(REMOTE_DECLARATION, () => ({
    name,
    exposes: Object.keys(exposes).map((key) => key.replace(/^\.\//, '')),
    routes,
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

module.exports = { REMOTE_DECLARATION, SHELL_DECLARATION, loadRoutes, remoteDeclaration, shellDeclaration };
