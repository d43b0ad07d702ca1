import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  activate,
  publish,
  routeConflicts,
  toPublicRegistry,
  type Artifacts,
  type Registry,
} from '@storefront/artifact-store';
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

/** What a remote's build says of itself (storefront-module.json): shared versions, routes. */
export function readRemoteDeclaration(buildDir: string): RemoteDeclaration {
  return remoteDeclarationSchema.parse(
    JSON.parse(readFileSync(path.join(buildDir, REMOTE_DECLARATION), 'utf8')),
  );
}

export interface DeployOptions {
  artifacts: Pick<Artifacts, 'files' | 'registry'>;
  remote: RemoteModule;
  buildDir: string;
  shell: ShellDeclaration;
  smokeCheck: SmokeCheck;
  packageVersion: string;
  commit: string;
  by: string;
}

/**
 * Publishes a remote's build and makes it live, but only if it fits the live shell and passes the
 * smoke check; otherwise the live version is untouched and the reason is thrown.
 */
export async function deployRemote(
  options: DeployOptions,
): Promise<{ version: string; previous: string | null }> {
  const { artifacts, remote, buildDir } = options;
  const declaration = readRemoteDeclaration(buildDir);
  if (declaration.name !== remote.name) {
    throw new DeployRefused(`The build in ${buildDir} is "${declaration.name}", not "${remote.name}".`);
  }
  const problems = [
    ...compatibilityProblems(options.shell, declaration),
    ...routeConflicts(toPublicRegistry(await artifacts.registry.read()), remote.name, declaration.routes),
  ];
  if (problems.length) {
    throw new DeployRefused(
      `Refusing to deploy ${remote.name}: it does not fit the live site.\n  - ${problems.join('\n  - ')}`,
    );
  }

  const published = await publish(artifacts, remote.name, buildDir, {
    packageVersion: options.packageVersion,
    commit: options.commit,
    by: options.by,
    routes: declaration.routes,
  });
  const previous = (await artifacts.registry.read()).modules[remote.name]?.live ?? null;
  try {
    await options.smokeCheck(artifacts, remote.name, published.version, declaration.exposes);
  } catch (error) {
    throw new DeployRefused(
      `Smoke check of ${remote.name} ${published.version} failed: ${(error as Error).message}\n` +
        `${remote.name} stays at ${previous ?? 'no live version'}.`,
    );
  }
  await activate(artifacts.registry, remote.name, published.version, options.by);
  return { version: published.version, previous };
}

/** The version to roll back to: the one named, or the one that was live before the current one. */
export function rollbackTarget(registry: Registry, module: string, named?: string): string {
  const record = registry.modules[module];
  if (!record?.live) throw new DeployRefused(`${module} has no live version to roll back from.`);
  if (named) {
    if (!record.versions.some((v) => v.version === named))
      throw new DeployRefused(`${module} has no published version ${named}.`);
    return named;
  }
  const lastChange = [...record.history].reverse().find((entry) => entry.version === record.live);
  if (!lastChange?.previous)
    throw new DeployRefused(`${module} has no earlier live version; name one to roll back to.`);
  return lastChange.previous;
}
