import { confirmEmail } from '../store/confirmations-store';
import { startSession } from '../store/sessions-store';
import { createSignInGrant, takeSignInGrant } from '../store/sign-in-grants-store';
import { findUserById } from '../store/users-store';
import type { AccountParts } from '../parts';
import { AuthFailure } from './auth-failure';
import { safeRedirect } from './confirmation-email';
import { sessionOf, type SessionAnswer } from './sessions';

/** The site's page that finishes a confirmation: it exchanges the link's code for the session. */
const CONFIRM_PAGE = '/auth/confirm';

/**
 * Follows a confirmation link: the address is confirmed, and the researcher goes on to the site's
 * confirmation page. A link whose sign-up carried a PKCE challenge brings a one-time code there, which
 * signs in only the browser holding the verifier (Supabase's PKCE flow: exchanged on the site's server
 * or by supabase-js, so no session ever rides in an address, and a link kept by someone else signs no
 * one in as them); any other link only confirms. A dead link says so there.
 */
export async function verifyEmail(parts: AccountParts, token: string, redirectTo: unknown): Promise<URL> {
  const confirmed = token ? await confirmEmail(parts.db, token) : null;
  const target = new URL(
    CONFIRM_PAGE,
    safeRedirect(parts.settings.siteUrl, confirmed?.redirectTo ?? redirectTo),
  );
  if (!confirmed) target.searchParams.set('error_code', 'otp_expired');
  else if (confirmed.challenge)
    target.searchParams.set('code', await createSignInGrant(parts.db, confirmed.userId, confirmed.challenge));
  else target.searchParams.set('confirmed', 'true');
  return target;
}

/**
 * A confirmation's one-time code exchanged for the researcher's session, once, by the holder of its
 * verifier (`POST /token?grant_type=pkce`, supabase-js's `exchangeCodeForSession`).
 */
export async function exchangeSignInGrant(parts: AccountParts, body: unknown): Promise<SessionAnswer> {
  const { auth_code: code, code_verifier: verifier } = (body ?? {}) as {
    auth_code?: unknown;
    code_verifier?: unknown;
  };
  const userId = typeof code === 'string' && code ? await takeSignInGrant(parts.db, code, verifier) : null;
  if (!userId)
    throw new AuthFailure(
      'forbidden',
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  const user = (await findUserById(parts.db, userId))!;
  const { sessionId, refreshToken } = await startSession(parts.db, user.id);
  return sessionOf(parts, user, sessionId, refreshToken);
}
