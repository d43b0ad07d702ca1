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
 * confirmation page with a one-time code that signs them in there (exchanged on the site's server, so
 * no session ever rides in an address, as Supabase's server-side flow has it); a dead link says so there.
 */
export async function verifyEmail(parts: AccountParts, token: string, redirectTo: unknown): Promise<URL> {
  const confirmed = token ? await confirmEmail(parts.db, token) : null;
  const target = new URL(
    CONFIRM_PAGE,
    safeRedirect(parts.settings.siteUrl, confirmed?.redirectTo ?? redirectTo),
  );
  if (!confirmed) target.searchParams.set('error_code', 'otp_expired');
  else target.searchParams.set('code', await createSignInGrant(parts.db, confirmed.userId));
  return target;
}

/** A confirmation's one-time code exchanged for the researcher's session, once (`POST /verify`). */
export async function exchangeSignInGrant(parts: AccountParts, code: unknown): Promise<SessionAnswer> {
  const userId = typeof code === 'string' && code ? await takeSignInGrant(parts.db, code) : null;
  if (!userId) throw new AuthFailure('forbidden', 'otp_expired', 'Email link is invalid or has expired');
  const user = (await findUserById(parts.db, userId))!;
  const { sessionId, refreshToken } = await startSession(parts.db, user.id);
  return sessionOf(parts, user, sessionId, refreshToken);
}
