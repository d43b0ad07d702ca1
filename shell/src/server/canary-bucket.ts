import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bucketFromCookie, CANARY_BUCKET_COOKIE, signedBucket } from '@storefront/artifact-store';
import { cookiesOf } from './cookies';

const buckets = new WeakMap<IncomingMessage, number>();
/** A shopper keeps their place for a month: a canary lasts minutes, and the next one finds them there. */
const BUCKET_SECONDS = 30 * 24 * 3600;

/**
 * The shopper's place in canaries (0–99), from their cookie when the shell signed it (`key`: the service
 * key). While a canary runs, a shopper without one (or with one they wrote themselves) is given one on
 * this answer, and this request is already served by it: whoever lands in a canary's share gets both its
 * pages and its API, and stays with it.
 */
export function assignBucket(
  req: IncomingMessage,
  res: ServerResponse,
  canaryRunning: boolean,
  key: string,
): void {
  // Most requests carry no bucket: told apart without reading their cookies.
  const held = req.headers.cookie?.includes(CANARY_BUCKET_COOKIE)
    ? bucketFromCookie(cookiesOf(req).get(CANARY_BUCKET_COOKIE), key)
    : undefined;
  if (held !== undefined) {
    buckets.set(req, held);
    return;
  }
  if (!canaryRunning) return;
  const bucket = randomInt(100);
  buckets.set(req, bucket);
  res.appendHeader(
    'Set-Cookie',
    `${CANARY_BUCKET_COOKIE}=${signedBucket(bucket, key)}; Path=/; Max-Age=${BUCKET_SECONDS}; HttpOnly; SameSite=Lax`,
  );
}

/** The shopper's bucket, when they have one. */
export const bucketOf = (req: IncomingMessage): number | undefined => buckets.get(req);
