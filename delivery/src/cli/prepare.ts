import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApps, distDir } from '../build';
import { bundleFile, bundleRunnables, RUNNABLES } from '../bundle';
import { bundleOperatorCommands } from '../command-bundle';
import { remoteModules, SHELL_DIR } from '../modules';
import { publishReleases } from '../publish';
import { recordBuild } from '../run-log';

/**
 * What `npm start` does before it starts anything: builds what changed, bundles every runnable and
 * operator command, and publishes each remote's build into the local artifact store. It runs in a
 * process of its own that exits when done (start.ts runs it with tsx), so the supervisor, which lives as
 * long as the stack, carries none of the build's tools: webpack, esbuild, the TypeScript loader the
 * modules' API contracts are read with.
 *
 * With STOREFRONT_PREBUILT=1 (a test run, which builds once with `npm run build` before its suites start
 * their stacks) nothing is built: the builds there are published as they are, and a missing one is
 * refused with what to run.
 */
async function prepare() {
  const apps = [SHELL_DIR, ...remoteModules.map((m) => m.dir)];
  if (process.env.STOREFRONT_PREBUILT === '1') {
    // Each app's build ends with its declaration (the shell's or a remote's), each runnable's with its bundle.
    const missing = [
      path.join(distDir(SHELL_DIR), 'storefront-shell.json'),
      ...remoteModules.map((m) => path.join(distDir(m.dir), 'storefront-module.json')),
      ...RUNNABLES.map(bundleFile),
    ].filter((file) => !existsSync(file));
    if (missing.length)
      throw new Error(
        `STOREFRONT_PREBUILT=1, but these are not built (run npm run build): ${missing.join(', ')}`,
      );
  } else {
    console.log('Building what changed…');
    await buildApps(apps);
    await Promise.all([bundleRunnables(), bundleOperatorCommands()]);
    recordBuild('npm start');
  }
  await publishReleases(remoteModules, (line) => console.log(`  ${line}`));
}

prepare().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
