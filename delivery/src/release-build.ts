import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceBuildInput } from '@storefront/artifact-store';
import { contractOf, type ApiContract, type ApiReads } from './api-contracts';
import { bundleFile, RUNNABLES } from './bundle';
import { REPO_ROOT, serviceProcesses, workspacePackage, type RemoteModule } from './modules';

/** A service build's files, as a release carries them (and as `npm start` runs them from the store). */
export const SERVICE_BUNDLE = 'dist-node/main.js';
export const SERVICE_CONTRACT = 'api-contract.json';

type SchemaModule = Record<string, Record<string, Parameters<typeof contractOf>[0][string]>>;

/**
 * A module's declared API, as JSON Schema: what its service's package exports as `./api-contract`
 * (none declared: empty), imported by the package's name as any other importer would.
 */
export async function serviceContract(serviceDir: string): Promise<ApiContract> {
  const { name, exports } = workspacePackage(serviceDir);
  if (!exports?.['./api-contract']) return {};
  const { apiContract } = (await import(`${name}/api-contract`)) as { apiContract?: SchemaModule[string] };
  if (!apiContract) throw new Error(`${name}/api-contract exports no apiContract.`);
  return contractOf(apiContract);
}

/** What a remote reads from services (its `src/api-reads.ts`), by module, as JSON Schema. */
export async function uiReads(remote: RemoteModule): Promise<ApiReads> {
  const file = path.join(REPO_ROOT, remote.dir, 'src/api-reads.ts');
  if (!existsSync(file)) return {};
  const { apiReads } = (await import(file)) as { apiReads: SchemaModule };
  return Object.fromEntries(Object.entries(apiReads).map(([module, reads]) => [module, contractOf(reads)]));
}

/**
 * The service half of a module's release, in `<service>/dist-release/`: its production bundle (as
 * `npm run build` or `bundleRunnable` made it), its migrations and its API contract. Null for a module
 * without a service.
 */
export async function buildServiceRelease(module: string): Promise<ServiceBuildInput | null> {
  const service = serviceProcesses.find((candidate) => candidate.name === module);
  const runnable = RUNNABLES.find((candidate) => candidate.name === module);
  if (!service || !runnable) return null;
  const dir = path.join(REPO_ROOT, service.dir, 'dist-release');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'dist-node'), { recursive: true });
  const bundle = bundleFile(runnable);
  copyFileSync(bundle, path.join(dir, SERVICE_BUNDLE));
  copyFileSync(`${bundle}.map`, path.join(dir, `${SERVICE_BUNDLE}.map`));
  const migrationsDir = path.join(REPO_ROOT, service.dir, 'migrations');
  const migrations = existsSync(migrationsDir)
    ? readdirSync(migrationsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
  mkdirSync(path.join(dir, 'migrations'));
  for (const migration of migrations)
    copyFileSync(path.join(migrationsDir, migration), path.join(dir, 'migrations', migration));
  writeFileSync(
    path.join(dir, SERVICE_CONTRACT),
    `${JSON.stringify(await serviceContract(service.dir), null, 2)}\n`,
  );
  return { dir, packageVersion: workspacePackage(service.dir).version, migrations };
}
