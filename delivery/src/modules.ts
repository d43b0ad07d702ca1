import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot, type ServicePart } from '@storefront/server-kit';

/** Found by walking up, so that it holds from the sources and from a command's bundle alike. */
export const REPO_ROOT = findRepoRoot(__dirname);

/** The deployable browser modules: each is built alone and published into the artifact store. */
export interface RemoteModule {
  name: string;
  dir: string;
}

/** The backend services `npm start` runs; each listens on its port in the kit's DEFAULT_PORTS. */
export interface ServiceProcess {
  name: ServicePart;
  dir: string;
}

export const SHELL_DIR = 'shell';

/** Where `npm run dev` tells the running shell which module it serves (the shell's DEV_SESSION_FILE). */
export const devSessionFile = (dataDir: string) => path.join(dataDir, 'run', 'dev-session.json');

export const remoteModules: RemoteModule[] = [
  { name: 'account', dir: 'mfe-account' },
  { name: 'affiliate', dir: 'mfe-affiliate' },
  { name: 'catalog', dir: 'mfe-catalog' },
  { name: 'checkout', dir: 'mfe-checkout' },
  { name: 'content', dir: 'mfe-content' },
  { name: 'product', dir: 'mfe-product' },
];

export const serviceProcesses: ServiceProcess[] = [
  { name: 'account', dir: 'services/account' },
  { name: 'affiliate', dir: 'services/affiliate' },
  { name: 'catalog', dir: 'services/catalog' },
  { name: 'checkout', dir: 'services/checkout' },
  { name: 'content', dir: 'services/content' },
  { name: 'product', dir: 'services/product' },
  // Development and tests only: stands in for Square (a real deployment points SQUARE_ENVIRONMENT at Square).
  { name: 'payment-sandbox', dir: 'stand-ins/payment-sandbox' },
];

export function findRemote(name: string): RemoteModule {
  const remote = remoteModules.find((m) => m.name === name || m.dir === name);
  if (!remote) {
    throw new Error(
      `Unknown module "${name}". Known modules: ${remoteModules.map((m) => m.name).join(', ')}`,
    );
  }
  return remote;
}

/** What delivery reads of a workspace's package.json. */
export interface WorkspacePackage {
  name: string;
  version: string;
  exports?: Record<string, string>;
}

/**
 * A workspace's name, version and entries, from its package.json: the version is the one `lerna version`
 * releases (see the root README), and deploys publish each build under it.
 */
export function workspacePackage(dir: string): WorkspacePackage {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as WorkspacePackage;
}
