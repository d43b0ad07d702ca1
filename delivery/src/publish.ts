import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import {
  activate,
  bucketConfigShape,
  bucketSettingsOf,
  openArtifacts,
  publish,
  type Artifacts,
  type VersionRecord,
} from '@storefront/artifact-store';
import { defaultDataDir, loadConfig } from '@storefront/server-kit';
import { distDir } from './build';
import { readRemoteDeclaration } from './deploy';
import { REPO_ROOT, workspacePackage, type RemoteModule } from './modules';
import { buildServiceRelease, uiReads } from './release-build';
import { schemaPrefix } from './stack-data';

/**
 * Where builds go (ARTIFACT_DIR, and ARTIFACT_BUCKET when set) and where the registry is kept:
 * PostgreSQL with DATABASE_URL, else a file.
 */
export function artifactSettings() {
  return {
    dir: process.env.ARTIFACT_DIR ?? path.join(defaultDataDir(), 'artifacts'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    registrySchema: `${schemaPrefix()}registry`,
    bucket: bucketSettingsOf(loadConfig('artifacts', bucketConfigShape)),
  };
}

export const openStackArtifacts = (): Promise<Artifacts> => openArtifacts(artifactSettings());

export function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'uncommitted';
  }
}

/** Who is deploying, for the registry's audit trail. */
export function operator(): string {
  return process.env.DEPLOYED_BY ?? process.env.USER ?? os.userInfo().username;
}

/**
 * Publishes the current build of each module as a release (its remote and its service, with what its
 * UI reads) into the stack's artifact store and makes it live, saying so one line at a time.
 */
export async function publishReleases(remotes: readonly RemoteModule[], say: (line: string) => void) {
  const artifacts = await openStackArtifacts();
  try {
    for (const remote of remotes) {
      const release = await publishRelease(artifacts, remote);
      await activate(artifacts.registry, remote.name, release.version, operator());
      say(
        `${remote.name}: live at ${release.version} (UI ${release.ui?.version ?? '?'}${release.service ? `, service ${release.service.version}` : ''})`,
      );
    }
  } finally {
    await artifacts.close();
  }
}

/** Copies a module's current builds (remote and service) into the store as a release, not live yet. */
export async function publishRelease(artifacts: Artifacts, remote: RemoteModule): Promise<VersionRecord> {
  const { version: packageVersion } = workspacePackage(remote.dir);
  return publish(
    artifacts,
    remote.name,
    distDir(remote.dir),
    {
      packageVersion,
      commit: currentCommit(),
      by: operator(),
      manifest: readRemoteDeclaration(distDir(remote.dir)).manifest,
    },
    (await buildServiceRelease(remote.name)) ?? undefined,
    await uiReads(remote),
  );
}
