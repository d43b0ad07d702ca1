import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArtifactStore, type VersionRecord } from '@storefront/artifact-store';
import { defaultDataDir } from '@storefront/service-kit';
import { distDir } from './build';
import { readRemoteDeclaration } from './deploy';
import { REPO_ROOT, type RemoteModule } from './modules';

export function artifactStore(): ArtifactStore {
  return new ArtifactStore(process.env.ARTIFACT_DIR ?? path.join(defaultDataDir(), 'artifacts'));
}

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

/** Copies a remote's current build into the store and makes it live. */
export function publishRemote(store: ArtifactStore, remote: RemoteModule): VersionRecord {
  const { version: packageVersion } = JSON.parse(
    readFileSync(path.join(REPO_ROOT, remote.dir, 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  const published = store.publish(remote.name, distDir(remote.dir), {
    packageVersion,
    commit: currentCommit(),
    by: operator(),
    routes: readRemoteDeclaration(distDir(remote.dir)).routes,
  });
  store.activate(remote.name, published.version, operator());
  return published;
}
