import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** The deployable browser modules: each is built alone and published into the artifact store. */
export interface RemoteModule {
  name: string;
  dir: string;
}

/** The backend services `npm start` runs, each on its own port. */
export interface ServiceProcess {
  name: string;
  dir: string;
  defaultPort: number;
}

export const SHELL_DIR = 'shell';

export const remoteModules: RemoteModule[] = [
  { name: 'account', dir: 'mfe-account' },
  { name: 'catalog', dir: 'mfe-catalog' },
  { name: 'checkout', dir: 'mfe-checkout' },
  { name: 'content', dir: 'mfe-content' },
  { name: 'product', dir: 'mfe-product' },
];

export const serviceProcesses: ServiceProcess[] = [
  { name: 'account', dir: 'services/account', defaultPort: 4004 },
  { name: 'catalog', dir: 'services/catalog', defaultPort: 4001 },
  { name: 'checkout', dir: 'services/checkout', defaultPort: 4003 },
  { name: 'content', dir: 'services/content', defaultPort: 4005 },
  { name: 'product', dir: 'services/product', defaultPort: 4002 },
  // Development and tests only: stands in for Square (a real deployment points SQUARE_ENVIRONMENT at Square).
  { name: 'payment-sandbox', dir: 'services/payment-sandbox', defaultPort: 4010 },
];

/** Code every browser build compiles in, so a change there makes every app stale. */
export const SHARED_BROWSER_SOURCES = [
  'packages/bus/src',
  'packages/ui/src',
  'packages/commerce/src',
  'packages/routing/src',
  'packages/artifact-store/src',
  'packages/mf-config/src',
];

/** Where a service listens when every port is shifted by `offset` (npm start, the e2e and bench stacks). */
export function serviceBaseUrl(service: ServiceProcess, offset: number): string {
  return `http://127.0.0.1:${service.defaultPort + offset}`;
}

/** The variable through which every process learns where a service is: CATALOG_SERVICE_URL, ... */
export function serviceUrlVariable(service: ServiceProcess): string {
  return `${service.name.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;
}

export function findRemote(name: string): RemoteModule {
  const remote = remoteModules.find((m) => m.name === name || m.dir === name);
  if (!remote) {
    throw new Error(
      `Unknown module "${name}". Known modules: ${remoteModules.map((m) => m.name).join(', ')}`,
    );
  }
  return remote;
}
