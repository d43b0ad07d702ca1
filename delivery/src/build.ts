import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, workspacePackage } from './modules';

const LERNA = path.join(REPO_ROOT, 'node_modules/lerna/dist/cli.js');

export function distDir(appDir: string): string {
  return path.join(REPO_ROOT, appDir, 'dist');
}

/**
 * Builds the apps with `lerna run build`, two at a time (the machine's cores). Lerna's task cache
 * (nx.json: an app's sources, its workspace dependencies' sources, the locked package versions,
 * NODE_ENV and whether types are asked for) skips an app whose inputs are unchanged, or restores its
 * `dist/` from `.nx/cache`. A remote's federated types are generated only when `federatedTypes` asks
 * (a release: the deploy checks them against the shell).
 */
export async function buildApps(
  appDirs: string[],
  { federatedTypes = false }: { federatedTypes?: boolean } = {},
): Promise<void> {
  const scopes = appDirs.flatMap((dir) => ['--scope', workspacePackage(dir).name]);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [LERNA, 'run', 'build', '--concurrency', '2', '--loglevel', 'warn', ...scopes],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          NX_DAEMON: 'false',
          NX_NO_CLOUD: 'true',
          STOREFRONT_FEDERATED_TYPES: federatedTypes ? '1' : '',
        },
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Build of ${appDirs.join(', ')} failed (exit ${code})`)),
    );
  });
}
