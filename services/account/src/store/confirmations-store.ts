import type { Database } from '@storefront/server-kit';
import { hashToken, newOpaqueToken } from '../tokens';

const LINK_LIFETIME = '24 hours';

/**
 * A new confirmation link for the user. Only the newest link works, as with Supabase: sending another
 * retires the earlier ones still unused.
 */
export async function createConfirmation(
  db: Database,
  userId: string,
  redirectTo: string | null,
): Promise<string> {
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await tx.query('UPDATE confirmation_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
    await tx.query(
      `INSERT INTO confirmation_tokens (token_hash, user_id, redirect_to, expires_at) VALUES ($1, $2, $3, now() + interval '${LINK_LIFETIME}')`,
      [hashToken(token), userId, redirectTo],
    );
    await tx.query('UPDATE users SET confirmation_sent_at = now() WHERE id = $1', [userId]);
  });
  return token;
}

/** Confirms the email of a valid, unused, unexpired link once; null for anything else. */
export async function confirmEmail(
  db: Database,
  token: string,
): Promise<{ userId: string; redirectTo: string | null } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; redirect_to: string | null }>(
      `UPDATE confirmation_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, redirect_to`,
      [hashToken(token)],
    );
    const link = rows[0];
    if (!link) return null;
    await tx.query(
      'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
      [link.user_id],
    );
    return { userId: link.user_id, redirectTo: link.redirect_to };
  });
}
