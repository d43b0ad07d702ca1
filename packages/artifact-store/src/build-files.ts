import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const MODULE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const VERSION_ID = /^[0-9A-Za-z.+-]{1,80}$/;

/** Hash of every file in a build folder (names and bytes), so the same build always gets the same id. */
export function hashDirectory(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Copies a folder in under `target` unless it is there; staged and renamed, so a reader never sees half. */
function copyOnce(source: string, target: string) {
  if (existsSync(target)) return;
  const staging = `${target}.${process.pid}.${Date.now()}.staging`;
  cpSync(source, staging, { recursive: true });
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another publisher put the same build there first: theirs is byte for byte this one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
}

/**
 * The published builds of the modules, never changed once there, each version being the package
 * version plus a hash of the files: each release's remote under `remotes/<module>/<release>/`, and the
 * service builds under `services/<module>/<service version>/`. A folder every shell reads (on one
 * machine, the data folder; beyond it, a shared volume or the object store's mirror).
 */
export class BuildFiles {
  constructor(readonly root: string) {}

  /** What /remotes/ serves: builds only. */
  get remotesRoot() {
    return path.join(this.root, 'remotes');
  }

  versionDir(module: string, version: string): string {
    if (!MODULE_NAME.test(module) || !VERSION_ID.test(version))
      throw new Error(`Bad module or version: ${module}@${version}`);
    return path.join(this.remotesRoot, module, version);
  }

  /** Where a service build is: its bundle in `dist-node/`, its `migrations/`, its `api-contract.json`. */
  serviceDir(module: string, version: string): string {
    if (!MODULE_NAME.test(module) || !VERSION_ID.test(version))
      throw new Error(`Bad module or version: ${module}@${version}`);
    return path.join(this.root, 'services', module, version);
  }

  /**
   * Copies a remote build in under its release's version, unless that version is there already (the same
   * build published twice is one version). The release's version covers the remote's files and, when
   * the release carries one, its service build's version: a release whose service alone changed is a
   * release of its own.
   */
  put(
    module: string,
    buildDir: string,
    packageVersion: string,
    serviceVersion?: string,
  ): { version: string; contentHash: string; ui: { version: string } } {
    const uiHash = hashDirectory(buildDir);
    const contentHash = serviceVersion
      ? createHash('sha256').update(uiHash).update('\0').update(serviceVersion).digest('hex')
      : uiHash;
    const version = `${packageVersion}-${contentHash.slice(0, 12)}`;
    copyOnce(buildDir, this.versionDir(module, version));
    return { version, contentHash, ui: { version: `${packageVersion}-${uiHash.slice(0, 12)}` } };
  }

  /** What the store keeps about a release beside its builds (what its UI reads from services). */
  releaseDir(module: string, version: string): string {
    if (!MODULE_NAME.test(module) || !VERSION_ID.test(version))
      throw new Error(`Bad module or version: ${module}@${version}`);
    return path.join(this.root, 'releases', module, version);
  }

  /** Keeps a JSON document about a release (written whole, so a reader sees it all or not at all). */
  writeReleaseFile(module: string, version: string, name: string, document: unknown): void {
    const dir = this.releaseDir(module, version);
    mkdirSync(dir, { recursive: true });
    const staging = path.join(dir, `.${name}.${process.pid}`);
    writeFileSync(staging, `${JSON.stringify(document, null, 2)}\n`);
    renameSync(staging, path.join(dir, name));
  }

  /** A JSON document kept about a release, or null when there is none. */
  readReleaseFile<T>(module: string, version: string, name: string): T | null {
    const file = path.join(this.releaseDir(module, version), name);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
  }

  /** Copies a service build in under its version (its package version and a hash of its files). */
  putService(module: string, buildDir: string, packageVersion: string): string {
    const version = `${packageVersion}-${hashDirectory(buildDir).slice(0, 12)}`;
    copyOnce(buildDir, this.serviceDir(module, version));
    return version;
  }
}
