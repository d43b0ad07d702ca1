import { confirmEmail } from '../store/confirmations-store';
import { startSession } from '../store/sessions-store';
import { findUserById } from '../store/users-store';
import type { AccountParts } from './account-parts';
import { safeRedirect } from './confirmation-email';
import { sessionOf } from './sessions';

/**
 * Follows a confirmation link: where the researcher goes next. As Supabase does, the confirmed
 * researcher arrives signed in: the new session rides in the fragment (never sent to a server), where
 * supabase-js takes it from (detectSessionInUrl); a dead link says so there instead.
 */
export async function verifyEmail(parts: AccountParts, token: string, redirectTo: unknown): Promise<URL> {
  const confirmed = token ? await confirmEmail(parts.db, token) : null;
  const target = new URL(safeRedirect(parts.settings.siteUrl, confirmed?.redirectTo ?? redirectTo));
  if (!confirmed) {
    target.hash = new URLSearchParams({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    }).toString();
    return target;
  }
  const user = (await findUserById(parts.db, confirmed.userId))!;
  const { sessionId, refreshToken } = await startSession(parts.db, user.id);
  const session = await sessionOf(parts, user, sessionId, refreshToken);
  target.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type: 'signup',
  }).toString();
  return target;
}
