import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BuildFiles } from './build-files';

export interface BucketSettings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS S3 itself. */
  endpoint?: string;
  region?: string;
}

/** Written last: a version is in the bucket only once this object is, so half an upload is never mirrored. */
const COMPLETE = '.published';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.gz': 'application/gzip',
  '.br': 'application/x-br',
};

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

/**
 * Published builds in an S3-compatible bucket, under `remotes/<module>/<version>/`: the object store a
 * CDN serves `/remotes/` from, and that every shell copies the live versions from into its own folder
 * (their server containers render pages). Versions never change, so every object may be cached forever.
 * Credentials come from the SDK's usual places (AWS_ACCESS_KEY_ID…, or the pod's role).
 */
export class BucketBuilds {
  private readonly client: S3Client;

  constructor(private readonly settings: BucketSettings) {
    this.client = new S3Client({
      region: settings.region ?? 'us-east-1',
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    });
  }

  private key(module: string, version: string, file: string) {
    return `remotes/${module}/${version}/${file.split(path.sep).join('/')}`;
  }

  private async has(module: string, version: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(module, version, COMPLETE) }),
      );
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  /** Uploads a version from the local build files, unless the bucket has it already. */
  async upload(files: BuildFiles, module: string, version: string): Promise<void> {
    if (await this.has(module, version)) return;
    const dir = files.versionDir(module, version);
    for (const file of filesUnder(dir)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(module, version, file),
          Body: readFileSync(path.join(dir, file)),
          ContentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(module, version, COMPLETE),
        Body: '',
      }),
    );
  }

  /** Copies a version into the local build files, unless they have it already (staged, then renamed). */
  async download(files: BuildFiles, module: string, version: string): Promise<void> {
    const target = files.versionDir(module, version);
    if (existsSync(target)) return;
    if (!(await this.has(module, version)))
      throw new Error(`The bucket has no published ${module} ${version}`);
    const staging = `${target}.${process.pid}.${Date.now()}.download`;
    const prefix = this.key(module, version, '');
    try {
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const file = object.Key!.slice(prefix.length);
          if (file === COMPLETE) continue;
          const local = path.join(staging, file);
          mkdirSync(path.dirname(local), { recursive: true });
          const { Body } = await this.client.send(
            new GetObjectCommand({ Bucket: this.settings.bucket, Key: object.Key }),
          );
          await pipeline(Body as Readable, createWriteStream(local));
        }
        token = page.NextContinuationToken;
      } while (token);
      mkdirSync(path.dirname(target), { recursive: true });
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
