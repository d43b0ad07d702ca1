import type { Database, Queryable } from '@storefront/server-kit';
import { hashToken, newOpaqueToken } from '../tokens';

/** How long a recovery link works, and a session begun from one may set a password without the current. */
export const RECOVERY_LIFETIME = '1 hour';

/** A new recovery link's token for the user; the earlier unused ones stop working (only the newest does). */
export async function createRecovery(db: Database, userId: string): Promise<string> {
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await tx.query('UPDATE recovery_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
    await tx.query(
      `INSERT INTO recovery_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + interval '${RECOVERY_LIFETIME}')`,
      [hashToken(token), userId],
    );
    await tx.query('UPDATE users SET recovery_sent_at = now() WHERE id = $1', [userId]);
  });
  return token;
}

/**
 * Takes a valid, unused, unexpired recovery link once: its user, whose email it also confirms (the link
 * reached that inbox). Null for anything else.
 */
export async function takeRecovery(db: Database, token: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `UPDATE recovery_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashToken(token)],
    );
    const userId = rows[0]?.user_id;
    if (!userId) return null;
    await tx.query(
      'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
      [userId],
    );
    return userId;
  });
}

/** Marks a session as begun from a recovery link: it may set a new password for the link's lifetime. */
export async function allowRecovery(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET recovery_until = now() + interval '${RECOVERY_LIFETIME}' WHERE id = $1`,
    [sessionId],
  );
}

/** Whether the session may still set a new password without the current one. */
export async function inRecovery(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND recovery_until > now()', [
    sessionId,
  ]);
  return rows.length > 0;
}

/**
 * The new password hash, and every other session of the account ended, at once; the session that set
 * it stays, no longer in recovery.
 */
export async function replacePassword(
  db: Database,
  { userId, sessionId, passwordHash }: { userId: string; sessionId: string; passwordHash: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId,
      passwordHash,
    ]);
    await tx.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL',
      [userId, sessionId],
    );
    await tx.query('UPDATE sessions SET recovery_until = NULL WHERE id = $1', [sessionId]);
    // A recovery link still unused is no longer wanted once a new password is set.
    await tx.query('UPDATE recovery_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
  });
}
