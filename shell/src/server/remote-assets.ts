import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_ENTRY_FILE, remoteEntryUrl } from '@storefront/artifact-store/registry';

interface Manifest {
  exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
}

/**
 * The browser files a page's module needs (its remote entry and the chunks of the exposed module,
 * from the version's mf-manifest.json), to announce in the page. Read once per version: a published
 * version never changes.
 */
export function createRemoteAssets(versionDir: (module: string, version: string) => string) {
  const known = new Map<string, string[]>();
  return function pageModuleFiles(remote: string, version: string, exposed: string): string[] {
    const key = `${remote}@${version}#${exposed}`;
    const cached = known.get(key);
    if (cached) return cached;
    const dir = versionDir(remote, version);
    let files: string[];
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
      const chunks = manifest.exposes.find((e) => e.name === exposed)?.assets.js.sync ?? [];
      const base = remoteEntryUrl(remote, version).slice(0, -REMOTE_ENTRY_FILE.length);
      files = [remoteEntryUrl(remote, version), ...chunks.map((chunk) => `${base}${chunk}`)];
    } catch {
      return [remoteEntryUrl(remote, version)];
    }
    known.set(key, files);
    return files;
  };
}
