import { buildApps } from '../build';
import { remoteModules, SHELL_DIR } from '../modules';

/** `npm run build`: builds the shell and every remote whose sources changed. */
buildApps([SHELL_DIR, ...remoteModules.map((m) => m.dir)]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
