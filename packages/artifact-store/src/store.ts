import { BuildFiles } from './build-files';
import { FileRegistry } from './file-registry';
import { PostgresRegistry } from './postgres-registry';
import type { VersionRecord } from './records';
import { recordVersion, type PublishMetadata, type RegistryStore } from './registry-store';

/** The published builds and the registry of which is live: what deploys write and shells read. */
export interface Artifacts {
  files: BuildFiles;
  registry: RegistryStore;
  close(): Promise<void>;
}

export interface ArtifactSettings {
  /** The folder of published builds (and, without a database, of registry.json). */
  dir: string;
  /** With a URL the registry is kept in PostgreSQL, shared by every shell and deploy. */
  databaseUrl?: string;
  /** The registry's schema there (default `registry`). */
  registrySchema?: string;
}

export async function openArtifacts({
  dir,
  databaseUrl,
  registrySchema = 'registry',
}: ArtifactSettings): Promise<Artifacts> {
  const registry = databaseUrl
    ? await PostgresRegistry.open(databaseUrl, registrySchema)
    : new FileRegistry(dir);
  return { files: new BuildFiles(dir), registry, close: () => registry.close() };
}

/** Puts a build into the files and records it in the registry (not live yet). */
export async function publish(
  { files, registry }: Pick<Artifacts, 'files' | 'registry'>,
  module: string,
  buildDir: string,
  metadata: PublishMetadata,
): Promise<VersionRecord> {
  return recordVersion(registry, module, files.put(module, buildDir, metadata.packageVersion), metadata);
}
