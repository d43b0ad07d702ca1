import { createHmac, timingSafeEqual } from 'node:crypto';

/** A shopper's place in canaries: a number from 0 to 99, kept in a cookie so that they stay there. */
export const CANARY_BUCKET_COOKIE = 'storefront-bucket';

const signatureOf = (bucket: number, key: string) =>
  createHmac('sha256', key).update(`canary-bucket:${bucket}`).digest('base64url').slice(0, 22);

/**
 * The bucket cookie's value: the bucket and a signature only the shell can make (with the service key),
 * so that no shopper picks their canary (or stays out of one) by writing the cookie themselves.
 */
export const signedBucket = (bucket: number, key: string): string => `${bucket}.${signatureOf(bucket, key)}`;

/** The bucket a cookie value holds, when the shell signed it; undefined for anything else. */
export function bucketFromCookie(value: string | undefined, key: string): number | undefined {
  const match = /^(\d{1,2})\.([\w-]{22})$/.exec(value ?? '');
  if (!match) return undefined;
  const bucket = Number(match[1]);
  const expected = Buffer.from(signatureOf(bucket, key));
  const given = Buffer.from(match[2]!);
  return timingSafeEqual(expected, given) ? bucket : undefined;
}
