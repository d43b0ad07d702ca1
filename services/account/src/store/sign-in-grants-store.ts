import type { Database } from '@storefront/server-kit';
import { hashToken, newOpaqueToken } from '../tokens';

/** How long a confirmation link's sign-in waits for the site's page to exchange it. */
const GRANT_LIFETIME = '5 minutes';

/** A one-time code that signs `userId` in once, soon. */
export async function createSignInGrant(db: Database, userId: string): Promise<string> {
  const code = newOpaqueToken();
  await db.query(
    `INSERT INTO sign_in_grants (code_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '${GRANT_LIFETIME}')`,
    [hashToken(code), userId],
  );
  return code;
}

/** The user a valid, unused, unexpired code signs in, once; null for anything else. */
export async function takeSignInGrant(db: Database, code: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE sign_in_grants SET used_at = now()
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [hashToken(code)],
  );
  return rows[0]?.user_id ?? null;
}
