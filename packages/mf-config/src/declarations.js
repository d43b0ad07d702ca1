// What each build declares about itself, so a deploy can tell whether a remote fits the live shell
// before anyone sees it: the shared singletons it was built against and the bus contract version.
const path = require('node:path');
const { singletonVersions } = require('./shared');

const REMOTE_DECLARATION = 'storefront-module.json';
const SHELL_DECLARATION = 'storefront-shell.json';

function busContractVersion() {
  return require(path.join(__dirname, '../../bus/contract.json')).version;
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
            new sources.RawSource(`${JSON.stringify(this.content(), null, 2)}\n`),
          );
        },
      );
    });
  }
}

function remoteDeclaration({ dir, name, exposes }) {
  return new EmitJsonPlugin(REMOTE_DECLARATION, () => ({
    name,
    exposes: Object.keys(exposes).map((key) => key.replace(/^\.\//, '')),
    busContract: busContractVersion(),
    singletons: singletonVersions(dir),
  }));
}

function shellDeclaration({ dir }) {
  return new EmitJsonPlugin(SHELL_DECLARATION, () => ({
    busContract: busContractVersion(),
    singletons: singletonVersions(dir),
  }));
}

module.exports = { REMOTE_DECLARATION, SHELL_DECLARATION, remoteDeclaration, shellDeclaration };
