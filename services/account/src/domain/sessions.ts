import { isSessionActive } from '../store/sessions-store';
import { findUserById, userJson, type UserRow } from '../store/users-store';
import type { AccessClaims } from '../tokens';
import type { AccountParts } from '../parts';
import { AuthFailure } from './auth-failure';

/** A session as Supabase Auth hands it out: the access token, its refresh token and the user. */
export type SessionAnswer = Awaited<ReturnType<typeof sessionOf>>;

/** Signs an access token for `user`'s session and answers it with the refresh token. */
export async function sessionOf(
  { db, tokens }: Pick<AccountParts, 'db' | 'tokens'>,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
) {
  const { token, expiresAt } = await tokens.sign({ sub: user.id, email: user.email, session_id: sessionId });
  const current = (await findUserById(db, user.id))!;
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: tokens.ttlSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(current),
  };
}

/** The claims of a live session's access token; refused when there is none, or it is not live. */
export async function claimsOf(
  { db, tokens }: Pick<AccountParts, 'db' | 'tokens'>,
  accessToken: string | undefined,
): Promise<AccessClaims> {
  if (!accessToken)
    throw new AuthFailure('unauthenticated', 'no_authorization', 'This endpoint requires a Bearer token');
  let claims: AccessClaims;
  try {
    claims = await tokens.verify(accessToken);
  } catch {
    throw new AuthFailure(
      'forbidden',
      'bad_jwt',
      'invalid JWT: unable to parse or verify signature, token is invalid or expired',
    );
  }
  if (!(await isSessionActive(db, claims.session_id))) {
    throw new AuthFailure(
      'forbidden',
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  return claims;
}

/** The user a live access token belongs to. */
export async function userOfToken(parts: AccountParts, accessToken: string | undefined) {
  const claims = await claimsOf(parts, accessToken);
  const user = await findUserById(parts.db, claims.sub);
  if (!user)
    throw new AuthFailure('forbidden', 'user_not_found', 'User from sub claim in JWT does not exist');
  return userJson(user);
}
