import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
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

/**
 * The published builds of the remotes, each under `remotes/<module>/<version>/`, never changed once
 * there: the version is the package version plus a hash of the files. A folder every shell reads
 * (on one machine, the data folder; beyond it, a shared volume or the object store's mirror).
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

  /**
   * Copies a build in under its content-derived version, unless that version is there already (the same
   * build published twice is one version). The copy is staged and renamed, so a reader never sees half.
   */
  put(module: string, buildDir: string, packageVersion: string): { version: string; contentHash: string } {
    const contentHash = hashDirectory(buildDir);
    const version = `${packageVersion}-${contentHash.slice(0, 12)}`;
    const target = this.versionDir(module, version);
    if (!existsSync(target)) {
      const staging = `${target}.${process.pid}.${Date.now()}.staging`;
      cpSync(buildDir, staging, { recursive: true });
      try {
        renameSync(staging, target);
      } catch (error) {
        // Another publisher put the same build there first: theirs is byte for byte this one.
        rmSync(staging, { recursive: true, force: true });
        if (!existsSync(target)) throw error;
      }
    }
    return { version, contentHash };
  }
}
