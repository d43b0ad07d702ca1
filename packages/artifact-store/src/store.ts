import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { RouteDeclaration } from '@storefront/routing';
import { registrySchema, type Registry, type VersionRecord } from './records';

const MODULE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const VERSION_ID = /^[0-9A-Za-z.+-]{1,80}$/;

export interface PublishMetadata {
  packageVersion: string;
  commit: string;
  by: string;
  /** The pages the build serves (from its declaration). */
  routes?: RouteDeclaration[];
}

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
 * The artifact store: every published build of a remote, kept under its own version folder, and
 * `registry.json`, which says which version of each module is live and how it got there.
 */
export class ArtifactStore {
  constructor(readonly root: string) {}

  get registryPath() {
    return path.join(this.root, 'registry.json');
  }

  versionDir(module: string, version: string): string {
    if (!MODULE_NAME.test(module) || !VERSION_ID.test(version))
      throw new Error(`Bad module or version: ${module}@${version}`);
    return path.join(this.remotesRoot, module, version);
  }

  /** What /remotes/ serves: builds only, never the registry. */
  get remotesRoot() {
    return path.join(this.root, 'remotes');
  }

  readRegistry(): Registry {
    if (!existsSync(this.registryPath)) return { modules: {} };
    return registrySchema.parse(JSON.parse(readFileSync(this.registryPath, 'utf8')));
  }

  /** Written to a temporary file and renamed, so a reader never sees half a registry. */
  private writeRegistry(registry: Registry) {
    mkdirSync(this.root, { recursive: true });
    const temporary = `${this.registryPath}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
    renameSync(temporary, this.registryPath);
  }

  /** Copies a build in under a content-derived version; publishing the same build twice is a no-op. */
  publish(module: string, buildDir: string, metadata: PublishMetadata): VersionRecord {
    const contentHash = hashDirectory(buildDir);
    const version = `${metadata.packageVersion}-${contentHash.slice(0, 12)}`;
    const registry = this.readRegistry();
    const record = (registry.modules[module] ??= { live: null, versions: [], history: [] });
    const existing = record.versions.find((v) => v.version === version);
    if (existing && existsSync(this.versionDir(module, version))) return existing;

    const target = this.versionDir(module, version);
    const staging = `${target}.${process.pid}.staging`;
    cpSync(buildDir, staging, { recursive: true });
    renameSync(staging, target);
    const published: VersionRecord = {
      version,
      packageVersion: metadata.packageVersion,
      contentHash,
      commit: metadata.commit,
      publishedAt: new Date().toISOString(),
      publishedBy: metadata.by,
      routes: metadata.routes ?? [],
    };
    record.versions = [...record.versions.filter((v) => v.version !== version), published];
    this.writeRegistry(registry);
    return published;
  }

  /** Makes a published version live; new page loads get it at once. */
  activate(module: string, version: string, by: string, action: 'activate' | 'rollback' = 'activate'): void {
    const registry = this.readRegistry();
    const record = registry.modules[module];
    if (!record?.versions.some((v) => v.version === version)) {
      throw new Error(`${module} has no published version ${version}`);
    }
    if (record.live === version) return;
    record.history.push({ action, version, previous: record.live, at: new Date().toISOString(), by });
    record.live = version;
    this.writeRegistry(registry);
  }
}
