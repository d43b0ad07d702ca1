import { buildApps } from '../build';
import { bundleRunnables } from '../bundle';
import { bundleOperatorCommands } from '../command-bundle';
import { remoteModules, SHELL_DIR } from '../modules';
import { publishReleases } from '../publish';

/**
 * What `npm start` does before it starts anything: builds what changed, bundles every runnable and
 * operator command, and publishes each remote's build into the local artifact store. It runs in a
 * process of its own that exits when done (start.ts runs it with tsx), so the supervisor, which lives as
 * long as the stack, carries none of the build's tools: webpack, esbuild, the TypeScript loader the
 * modules' API contracts are read with.
 */
async function prepare() {
  console.log('Building what changed…');
  await buildApps([SHELL_DIR, ...remoteModules.map((m) => m.dir)]);
  await Promise.all([bundleRunnables(), bundleOperatorCommands()]);
  await publishReleases(remoteModules, (line) => console.log(`  ${line}`));
}

prepare().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
