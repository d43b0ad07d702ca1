import type { Database } from '@storefront/server-kit';
import { answersChallenge, type CodeChallenge } from '../pkce';
import { hashToken, newOpaqueToken } from '../tokens';

/** How long a confirmation link's sign-in waits for the site's page to exchange it. */
const GRANT_LIFETIME = '5 minutes';

/** A one-time code that signs `userId` in once, soon, and only with the verifier of `challenge`. */
export async function createSignInGrant(
  db: Database,
  userId: string,
  challenge: CodeChallenge,
): Promise<string> {
  const code = newOpaqueToken();
  await db.query(
    `INSERT INTO sign_in_grants (code_hash, user_id, code_challenge, code_challenge_method, expires_at)
     VALUES ($1, $2, $3, $4, now() + interval '${GRANT_LIFETIME}')`,
    [hashToken(code), userId, challenge.challenge, challenge.method],
  );
  return code;
}

/**
 * The user a valid, unused, unexpired code signs in, once, to the holder of its verifier; null for
 * anything else (a wrong verifier leaves the code to its holder).
 */
export async function takeSignInGrant(db: Database, code: string, verifier: unknown): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      user_id: string;
      code_challenge: string;
      code_challenge_method: CodeChallenge['method'];
    }>(
      `SELECT user_id, code_challenge, code_challenge_method FROM sign_in_grants
        WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
      [hashToken(code)],
    );
    const grant = rows[0];
    if (
      !grant ||
      !answersChallenge(verifier, { challenge: grant.code_challenge, method: grant.code_challenge_method })
    )
      return null;
    await tx.query('UPDATE sign_in_grants SET used_at = now() WHERE code_hash = $1', [hashToken(code)]);
    return grant.user_id;
  });
}
