import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  activate,
  API_READS_FILE,
  publish,
  routeConflicts,
  toPublicRegistry,
  type Artifacts,
  type Registry,
  type ServiceBuildInput,
  type VersionRecord,
} from '@storefront/artifact-store';
import { readsNotReturned, type ApiContract, type ApiReads } from './api-contracts';
import { moduleContractProblems } from './module-contracts';
import { migrationProblems } from './migration-safety';
import { SERVICE_BUNDLE, SERVICE_CONTRACT } from './release-build';
import {
  compatibilityProblems,
  remoteDeclarationSchema,
  shellDeclarationSchema,
  type RemoteDeclaration,
  type ShellDeclaration,
} from './compatibility';
import { REPO_ROOT, type RemoteModule } from './modules';

const REMOTE_DECLARATION = 'storefront-module.json';
const SHELL_DECLARATION = 'storefront-shell.json';

/** A deploy that must not go ahead; the message says why, and nothing live has changed. */
export class DeployRefused extends Error {}

export type SmokeCheck = (
  artifacts: Pick<Artifacts, 'files' | 'registry'>,
  module: string,
  version: string,
  exposes: string[],
) => Promise<void>;

/** What the live shell provides: the declaration its build wrote (the shell server serves that build). */
export function liveShellDeclaration(
  shellDist = process.env.SHELL_DIST ?? path.join(REPO_ROOT, 'shell/dist'),
): ShellDeclaration {
  const file = path.join(shellDist, SHELL_DECLARATION);
  if (!existsSync(file))
    throw new DeployRefused(
      `The live shell's ${SHELL_DECLARATION} is missing from ${shellDist}; build the shell first (npm run build).`,
    );
  return shellDeclarationSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** What a remote's build says of itself (storefront-module.json): shared versions, its manifest. */
export function readRemoteDeclaration(buildDir: string): RemoteDeclaration {
  return remoteDeclarationSchema.parse(
    JSON.parse(readFileSync(path.join(buildDir, REMOTE_DECLARATION), 'utf8')),
  );
}

export interface DeployOptions {
  artifacts: Pick<Artifacts, 'files' | 'registry'>;
  remote: RemoteModule;
  buildDir: string;
  /** The module's service build released with it (none: the live release's service goes on). */
  service?: ServiceBuildInput;
  /** What the release's UI reads from services, by module. */
  reads?: ApiReads;
  shell: ShellDeclaration;
  smokeCheck: SmokeCheck;
  packageVersion: string;
  commit: string;
  by: string;
}

const readJson = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;

const liveRelease = (registry: Registry, module: string): VersionRecord | undefined => {
  const record = registry.modules[module];
  return record?.versions.find((v) => v.version === record.live);
};

/**
 * What makes a release unsafe beside the live ones, in words. While it is swapped in (and as a canary)
 * its UI meets the live service and the live UI meets its service: the UI may not need what either
 * service lacks, the service may not stop returning what a live UI reads (this module's or another's),
 * and its new migrations may not drop or rename what the live service still reads.
 */
export function releaseProblems(
  { files }: Pick<Artifacts, 'files'>,
  registry: Registry,
  module: string,
  reads: ApiReads,
  service: ServiceBuildInput | undefined,
): string[] {
  const contractOfLive = (name: string): ApiContract | null => {
    const live = liveRelease(registry, name);
    return live?.service
      ? readJson(path.join(files.serviceDir(name, live.service.version), SERVICE_CONTRACT))
      : null;
  };
  const newContract = service ? readJson<ApiContract>(path.join(service.dir, SERVICE_CONTRACT)) : null;
  const problems: string[] = [];
  for (const [name, read] of Object.entries(reads)) {
    const live = contractOfLive(name);
    if (live) problems.push(...readsNotReturned(read, live, `the new ${module} UI`, `live ${name} service`));
    if (name === module && newContract)
      problems.push(...readsNotReturned(read, newContract, `the new ${module} UI`, `new ${module} service`));
  }
  if (newContract) {
    for (const [name, record] of Object.entries(registry.modules)) {
      if (!record.live) continue;
      const liveReads = files.readReleaseFile<ApiReads>(name, record.live, API_READS_FILE)?.[module];
      if (liveReads)
        problems.push(
          ...readsNotReturned(liveReads, newContract, `the live ${name} UI`, `new ${module} service`),
        );
    }
  }
  const live = liveRelease(registry, module);
  if (service && live?.service) {
    const added = service.migrations.filter((file) => !live.service!.migrations.includes(file));
    const liveCode = readFileSync(
      path.join(files.serviceDir(module, live.service.version), SERVICE_BUNDLE),
      'utf8',
    );
    problems.push(
      ...migrationProblems(
        added.map((file) => ({
          file,
          sql: readFileSync(path.join(service.dir, 'migrations', file), 'utf8'),
        })),
        liveCode,
        `live ${module} service (${live.service.version})`,
      ),
    );
  }
  return [...new Set(problems)];
}

/** Refuses the deploy of `module`, naming every problem, when there is any. */
export function refuseUnfit(module: string, problems: string[]): void {
  if (problems.length)
    throw new DeployRefused(
      `Refusing to deploy ${module}: it does not fit the live site.\n  - ${problems.join('\n  - ')}`,
    );
}

/**
 * Publishes a module's release (its remote and, when given, its service) but only if it fits the live
 * shell and the live releases and passes the smoke check; otherwise nothing live changes and the reason
 * is thrown. Made live at once, or (`makeLive: false`, for a canary) left for the caller.
 */
export async function deployRemote(
  options: DeployOptions & { makeLive?: boolean },
): Promise<{ version: string; previous: string | null; release: VersionRecord }> {
  const { artifacts, remote, buildDir } = options;
  const declaration = readRemoteDeclaration(buildDir);
  if (declaration.name !== remote.name) {
    throw new DeployRefused(`The build in ${buildDir} is "${declaration.name}", not "${remote.name}".`);
  }
  const registry = await artifacts.registry.read();
  const problems = [
    ...compatibilityProblems(options.shell, declaration),
    ...routeConflicts(toPublicRegistry(registry), remote.name, declaration.manifest.routes),
    ...moduleContractProblems(registry, remote.name, declaration.manifest),
    ...releaseProblems(artifacts, registry, remote.name, options.reads ?? {}, options.service),
  ];
  refuseUnfit(remote.name, problems);

  const published = await publish(
    artifacts,
    remote.name,
    buildDir,
    {
      packageVersion: options.packageVersion,
      commit: options.commit,
      by: options.by,
      manifest: declaration.manifest,
    },
    options.service,
    options.reads,
  );
  const previous = registry.modules[remote.name]?.live ?? null;
  try {
    await options.smokeCheck(artifacts, remote.name, published.version, declaration.exposes);
  } catch (error) {
    throw new DeployRefused(
      `Smoke check of ${remote.name} ${published.version} failed: ${(error as Error).message}\n` +
        `${remote.name} stays at ${previous ?? 'no live version'}.`,
    );
  }
  if (options.makeLive !== false)
    await activate(artifacts.registry, remote.name, published.version, options.by);
  return { version: published.version, previous, release: published };
}
