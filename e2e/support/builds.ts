import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuildFiles, FileRegistry } from '@storefront/artifact-store';
import { dataDirOf, OPERATIONS_STACK } from './suite';

export const ROOT = path.resolve(__dirname, '../..');
/** The data folder of the stack the operations and faults suites change (playwright.operations.config.ts). */
export const DATA_DIR = dataDirOf(OPERATIONS_STACK);

/** That stack's artifacts, as `npm start` keeps them on the embedded default: a folder and registry.json. */
export const stackArtifacts = () => ({
  files: new BuildFiles(path.join(DATA_DIR, 'artifacts')),
  registry: new FileRegistry(path.join(DATA_DIR, 'artifacts')),
});

/**
 * A copy of a published build of a module with one text changed everywhere in its scripts (server and
 * browser), to publish as a release of its own; its precompressed files are left out (the shell
 * compresses what has none).
 */
export function changedCopyOf(builds: BuildFiles, module: string, version: string, from: string, to: string) {
  const copy = mkdtempSync(path.join(tmpdir(), `${module}-changed-`));
  cpSync(builds.versionDir(module, version), copy, { recursive: true });
  const files = readdirSync(copy, { recursive: true, encoding: 'utf8' });
  for (const file of files.map((name) => path.join(copy, name))) {
    if (file.endsWith('.gz') || file.endsWith('.br')) rmSync(file);
    else if (file.endsWith('.js')) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));
  }
  return copy;
}
