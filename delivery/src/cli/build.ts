import { buildApps } from '../build';
import { bundleRunnables } from '../bundle';
import { bundleOperatorCommands, OPERATOR_COMMANDS } from '../command-bundle';
import { remoteModules, SHELL_DIR } from '../modules';
import { recordBuild } from '../run-log';

/**
 * `npm run build`: builds the shell and every remote whose sources changed (webpack), and bundles every
 * service and the shell's server into plain JavaScript for production (`<package>/dist-node/main.js`),
 * and the operator's commands for a quick start (`delivery/dist-node/cli/`).
 */
async function main() {
  await buildApps([SHELL_DIR, ...remoteModules.map((m) => m.dir)]);
  await Promise.all([bundleRunnables(), bundleOperatorCommands()]);
  recordBuild('npm run build');
  console.log('  services and shell server: bundled (dist-node/main.js)');
  console.log(`  operator commands: bundled (${OPERATOR_COMMANDS.join(', ')})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
