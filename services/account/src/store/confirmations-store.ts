import type { Database } from '@storefront/server-kit';
import type { CodeChallenge } from '../pkce';
import { hashToken, newOpaqueToken } from '../tokens';

const LINK_LIFETIME = '24 hours';

/**
 * A new confirmation link for the user. Only the newest link works, as with Supabase: sending another
 * retires the earlier ones still unused. It signs in the browser holding the verifier of `challenge`,
 * or, without one, of the challenge the account's links had before.
 */
export async function createConfirmation(
  db: Database,
  userId: string,
  redirectTo: string | null,
  challenge: CodeChallenge | null,
): Promise<string> {
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    // A link asked for again without a challenge of its own (supabase-js resends so) keeps the sign-up's:
    // it signs in the browser that signed up, as the first would have.
    const { rows: earlier } = await tx.query<{
      code_challenge: string | null;
      code_challenge_method: string | null;
    }>(
      `SELECT code_challenge, code_challenge_method FROM confirmation_tokens
        WHERE user_id = $1 AND code_challenge IS NOT NULL ORDER BY expires_at DESC LIMIT 1`,
      [userId],
    );
    const kept =
      challenge ??
      (earlier[0]
        ? { challenge: earlier[0].code_challenge, method: earlier[0].code_challenge_method }
        : null);
    await tx.query('UPDATE confirmation_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
    await tx.query(
      `INSERT INTO confirmation_tokens (token_hash, user_id, redirect_to, code_challenge, code_challenge_method, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + interval '${LINK_LIFETIME}')`,
      [hashToken(token), userId, redirectTo, kept?.challenge ?? null, kept?.method ?? null],
    );
    await tx.query('UPDATE users SET confirmation_sent_at = now() WHERE id = $1', [userId]);
  });
  return token;
}

/**
 * Confirms the email of a valid, unused, unexpired link once; null for anything else. With the
 * challenge its sign-up was sent with, if any.
 */
export async function confirmEmail(
  db: Database,
  token: string,
): Promise<{ userId: string; redirectTo: string | null; challenge: CodeChallenge | null } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      user_id: string;
      redirect_to: string | null;
      code_challenge: string | null;
      code_challenge_method: CodeChallenge['method'] | null;
    }>(
      `UPDATE confirmation_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, redirect_to, code_challenge, code_challenge_method`,
      [hashToken(token)],
    );
    const link = rows[0];
    if (!link) return null;
    await tx.query(
      'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
      [link.user_id],
    );
    const challenge =
      link.code_challenge && link.code_challenge_method
        ? { challenge: link.code_challenge, method: link.code_challenge_method }
        : null;
    return { userId: link.user_id, redirectTo: link.redirect_to, challenge };
  });
}
