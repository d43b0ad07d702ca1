import type { BucketBuilds, BucketSettings } from './bucket-builds';
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
  // The S3 client is loaded only where a bucket is used: a command on one machine starts without it.
  const builds = bucket ? new (await import('./bucket-builds')).BucketBuilds(bucket) : undefined;
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

/** A service build to release with a remote: its folder, its package version and its migrations. */
export interface ServiceBuildInput {
  dir: string;
  packageVersion: string;
  migrations: string[];
}

/** Where a release keeps what its UI reads from services (`api-reads.json`), for deploys to check. */
export const API_READS_FILE = 'api-reads.json';

/**
 * Puts a release into the files (and the bucket, when there is one) and records it in the registry, not
 * live yet: the remote build, and the service build given, or else the service of the live release
 * (a release whose UI alone changed keeps its service).
 */
export async function publish(
  { files, registry, bucket }: Pick<Artifacts, 'files' | 'registry' | 'bucket'>,
  module: string,
  buildDir: string,
  metadata: PublishMetadata,
  serviceBuild?: ServiceBuildInput,
  /** What the release's UI reads from services, by module (kept in the store, not served). */
  reads?: unknown,
): Promise<VersionRecord> {
  const current = (await registry.read()).modules[module];
  const service = serviceBuild
    ? {
        version: files.putService(module, serviceBuild.dir, serviceBuild.packageVersion),
        migrations: serviceBuild.migrations,
      }
    : current?.versions.find((v) => v.version === current.live)?.service;
  const published = files.put(module, buildDir, metadata.packageVersion, service?.version);
  if (reads !== undefined) files.writeReleaseFile(module, published.version, API_READS_FILE, reads);
  await bucket?.upload(files, module, published.version);
  return recordVersion(registry, module, { ...published, service }, metadata);
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
