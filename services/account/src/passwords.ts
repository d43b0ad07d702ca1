import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
// N=2^14, r=8, p=1: the scrypt paper's interactive-login setting (about 16 MiB and tens of ms per hash).
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

const derive = (password: string, salt: Buffer, params: ScryptOptions, length = KEY_LENGTH) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, params, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** 'scrypt$N$r$p$salt$hash' in base64url, so the parameters can be raised later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

// Compared against when the email is unknown, so an unknown email costs the same time as a wrong password.
const DUMMY_HASH = hashPassword(randomBytes(12).toString('hex'));

/**
 * Constant-time comparison with the parameters the hash was made with (so raising PARAMS later keeps old
 * passwords working); `stored` null (no such user) still does the full work and answers false, and so
 * does a malformed hash.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? (await DUMMY_HASH)).split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  if (scheme !== 'scrypt' || !salt || !hash || ![params.N, params.r, params.p].every(Number.isSafeInteger))
    return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params, expected.length);
  return timingSafeEqual(actual, expected) && stored !== null;
}
