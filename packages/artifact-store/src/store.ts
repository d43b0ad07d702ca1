import { BucketBuilds, type BucketSettings } from './bucket-builds';
import { BuildFiles } from './build-files';
import { FileRegistry } from './file-registry';
import { PostgresRegistry } from './postgres-registry';
import type { Registry, VersionRecord } from './records';
import { recordVersion, type PublishMetadata, type RegistryStore } from './registry-store';

/** The published builds and the registry of which is live: what deploys write and shells read. */
export interface Artifacts {
  /** This machine's folder of builds: all of them on one machine, a mirror of the bucket's beyond it. */
  files: BuildFiles;
  registry: RegistryStore;
  /** With a bucket: where published builds really live (and a CDN serves them from). */
  bucket?: BucketBuilds;
  close(): Promise<void>;
}

export interface ArtifactSettings {
  /** The folder of published builds (and, without a database, of registry.json). */
  dir: string;
  /** With a URL the registry is kept in PostgreSQL, shared by every shell and deploy. */
  databaseUrl?: string;
  /** The registry's schema there (default `registry`). */
  registrySchema?: string;
  /** An S3-compatible bucket for the builds, which every shell copies its live versions from. */
  bucket?: BucketSettings;
}

export async function openArtifacts({
  dir,
  databaseUrl,
  registrySchema = 'registry',
  bucket,
}: ArtifactSettings): Promise<Artifacts> {
  if (bucket && !databaseUrl) {
    throw new Error(
      'ARTIFACT_BUCKET needs DATABASE_URL: builds shared beyond one machine need a shared registry.',
    );
  }
  const registry = databaseUrl
    ? await PostgresRegistry.open(databaseUrl, registrySchema)
    : new FileRegistry(dir);
  const builds = bucket ? new BucketBuilds(bucket) : undefined;
  return {
    files: new BuildFiles(dir),
    registry,
    bucket: builds,
    close: async () => {
      builds?.close();
      await registry.close();
    },
  };
}

/**
 * Puts a build into the files (and the bucket, when there is one) and records it in the registry, not
 * live yet.
 */
export async function publish(
  { files, registry, bucket }: Pick<Artifacts, 'files' | 'registry' | 'bucket'>,
  module: string,
  buildDir: string,
  metadata: PublishMetadata,
): Promise<VersionRecord> {
  const published = files.put(module, buildDir, metadata.packageVersion);
  await bucket?.upload(files, module, published.version);
  return recordVersion(registry, module, published, metadata);
}

/** Copies every live version this machine lacks from the bucket (nothing to do without one). */
export async function mirrorLiveVersions(
  artifacts: Pick<Artifacts, 'files' | 'bucket'>,
  registry: Registry,
): Promise<void> {
  const { bucket } = artifacts;
  if (!bucket) return;
  await Promise.all(
    Object.entries(registry.modules)
      .filter(([, record]) => record.live)
      .map(([module, record]) => bucket.download(artifacts.files, module, record.live!)),
  );
}
