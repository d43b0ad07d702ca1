import { z } from 'zod';
import { verifyPassword } from '../passwords';
import { revokeSessions, rotateRefreshToken, startSession } from '../store/sessions-store';
import { findUserByEmail, findUserById } from '../store/users-store';
import type { AccountParts } from '../parts';
import { AuthFailure, invalidCredentials, tooManyRequests } from './auth-failure';
import { claimsOf, sessionOf } from './sessions';

/**
 * Signs in with email and password. Only failures count against the limits: per account and client (so
 * a stranger's guesses never lock out the owner's right password from elsewhere), per client, and per
 * account from every address together, where they slow the account's sign-ins rather than refuse them
 * (a guesser with many addresses gets a handful of tries an hour; the owner waits at most minutes).
 */
const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1).max(1024),
});

export async function signInWithPassword(parts: AccountParts, client: string, body: unknown) {
  const { db, limits, logger } = parts;
  const parsed = credentialsSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidCredentials();
  const { email, password } = parsed.data;
  const clientKey = `client:${client}`;
  const everywhereKey = `email:${email.toLowerCase()}`;
  const accountKey = `${everywhereKey} ${clientKey}`;
  const limited =
    (await limits.failedSignInsPerClient.refusal(clientKey)) ??
    (await limits.failedSignInsPerAccount.refusal(accountKey)) ??
    (await limits.failedSignInsEverywhere.wait(everywhereKey));
  if (limited !== null) throw tooManyRequests(limited);
  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(password, user?.password_hash ?? null)) || !user) {
    logger.info({ event: 'sign_in_refused' }, 'sign-in refused');
    await Promise.all([
      limits.failedSignInsPerClient.hit(clientKey),
      limits.failedSignInsPerAccount.hit(accountKey),
      limits.failedSignInsEverywhere.fail(everywhereKey),
    ]);
    throw invalidCredentials();
  }
  await Promise.all([
    limits.failedSignInsPerAccount.forget(accountKey),
    limits.failedSignInsEverywhere.forget(everywhereKey),
  ]);
  // Only after the password: otherwise this would tell strangers which emails have accounts.
  if (!user.email_confirmed_at)
    throw new AuthFailure('malformed', 'email_not_confirmed', 'Email not confirmed');
  const { sessionId, refreshToken } = await startSession(db, user.id);
  return sessionOf(parts, user, sessionId, refreshToken);
}

/** A new session for a refresh token; each is used once, and one used twice ends its session. */
export async function refreshSession(parts: AccountParts, presented: unknown) {
  if (typeof presented !== 'string' || !presented) {
    throw new AuthFailure(
      'malformed',
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  }
  const outcome = await rotateRefreshToken(
    parts.db,
    presented,
    parts.tokens.successorOf(presented),
    parts.settings.refreshReuseIntervalMs,
  );
  if (outcome.kind === 'reused') {
    parts.logger.warn(
      { event: 'refresh_token_reused' },
      'a used refresh token came back: its session is revoked',
    );
    throw new AuthFailure('malformed', 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  if (outcome.kind === 'revoked')
    throw new AuthFailure('malformed', 'session_not_found', 'Invalid Refresh Token: Session Expired');
  if (outcome.kind === 'not_found') {
    throw new AuthFailure(
      'malformed',
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  }
  const user = (await findUserById(parts.db, outcome.userId))!;
  return sessionOf(parts, user, outcome.sessionId, outcome.refreshToken);
}

/** Ends this session, every session of its account, or every other one. */
export async function signOut(
  parts: AccountParts,
  accessToken: string | undefined,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  const claims = await claimsOf(parts, accessToken);
  await revokeSessions(parts.db, { userId: claims.sub, sessionId: claims.session_id, scope });
}
