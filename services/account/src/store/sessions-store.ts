import type { Database, Queryable } from '@storefront/server-kit';
import { hashToken, newOpaqueToken } from '../tokens';

/** Starts a session with its first refresh token (returned in clear once, stored hashed). */
export async function startSession(
  db: Database,
  userId: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO sessions (user_id) VALUES ($1) RETURNING id',
      [userId],
    );
    const refreshToken = newOpaqueToken();
    await tx.query('INSERT INTO refresh_tokens (token_hash, session_id) VALUES ($1, $2)', [
      hashToken(refreshToken),
      rows[0]!.id,
    ]);
    await tx.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [userId]);
    return { sessionId: rows[0]!.id, refreshToken };
  });
}

export type RotateOutcome =
  | { kind: 'rotated'; sessionId: string; userId: string; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'reused' }
  | { kind: 'revoked' };

/**
 * Refresh tokens are single-use: using one marks it and issues its child, `successor` (derived from it,
 * see AccessTokens.successorOf). Presented again within `reuseIntervalMs` (two tabs refreshing at once),
 * it answers the same child, as Supabase's server does: one chain, never two; presented later, it has
 * leaked, so the whole session is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  successor: string,
  reuseIntervalMs: number,
): Promise<RotateOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      session_id: string;
      used_at: Date | null;
      within_reuse_interval: boolean;
      revoked_at: Date | null;
      user_id: string;
    }>(
      `SELECT t.session_id, t.used_at, s.revoked_at, s.user_id,
              t.used_at > now() - make_interval(secs => $2::double precision / 1000) AS within_reuse_interval
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
        WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [hashToken(presented), reuseIntervalMs],
    );
    const token = rows[0];
    if (!token) return { kind: 'not_found' };
    if (token.revoked_at) return { kind: 'revoked' };
    if (token.used_at && !token.within_reuse_interval) {
      await tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [token.session_id]);
      return { kind: 'reused' };
    }
    if (!token.used_at) {
      await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [
        hashToken(presented),
      ]);
    }
    await tx.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, parent_hash) VALUES ($1, $2, $3)
       ON CONFLICT (token_hash) DO NOTHING`,
      [hashToken(successor), token.session_id, hashToken(presented)],
    );
    return { kind: 'rotated', sessionId: token.session_id, userId: token.user_id, refreshToken: successor };
  });
}

export async function isSessionActive(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  return rows.length > 0;
}

/** Supabase's sign-out scopes: this session, every session of the user, or every other one. */
export async function revokeSessions(
  db: Queryable,
  { userId, sessionId, scope }: { userId: string; sessionId: string; scope: 'global' | 'local' | 'others' },
): Promise<void> {
  // Every form names $2, so each statement takes the same two parameters.
  const condition = { local: 'id = $2::uuid', global: '$2::uuid IS NOT NULL', others: 'id <> $2::uuid' }[
    scope
  ];
  await db.query(
    `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ${condition}`,
    [userId, sessionId],
  );
}
