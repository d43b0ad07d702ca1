import { optionalUrl } from '@storefront/server-kit';
import { z } from 'zod';
import type { BucketSettings } from './bucket-builds';

/** The settings that put published builds in a bucket, read the same way by shells and deploys. */
export const bucketConfigShape = {
  /** An S3-compatible bucket for the builds (unset: the artifact folder only, one machine). */
  ARTIFACT_BUCKET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(3).optional()),
  /** Its endpoint, for S3-compatible stores other than AWS (MinIO, R2, …). */
  ARTIFACT_BUCKET_ENDPOINT: optionalUrl(),
  ARTIFACT_BUCKET_REGION: z.string().default('us-east-1'),
};

export function bucketSettingsOf(config: {
  ARTIFACT_BUCKET?: string;
  ARTIFACT_BUCKET_ENDPOINT?: string;
  ARTIFACT_BUCKET_REGION: string;
}): BucketSettings | undefined {
  return config.ARTIFACT_BUCKET
    ? {
        bucket: config.ARTIFACT_BUCKET,
        endpoint: config.ARTIFACT_BUCKET_ENDPOINT,
        region: config.ARTIFACT_BUCKET_REGION,
      }
    : undefined;
}
