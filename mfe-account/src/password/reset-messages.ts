import { AUTH_MESSAGES } from '../auth-messages';

/**
 * What the password reset page says (ADR 0010, amended). The spec has no password reset; these are the
 * shop's own words, in the spec's tone, used alike by the page's script and the module's server actions.
 */
export const RESET_MESSAGES = {
  sent: 'If an account exists for that email, we have sent it a link to choose a new password. The link works once, within an hour.',
  expired:
    'This password reset link is invalid, has expired or has already been used. Please ask for a new one below.',
  updated: 'Your password has been changed. Your other devices have been signed out.',
  currentNeeded: 'Please enter your current password.',
  currentWrong: 'Your current password is not correct.',
  samePassword: 'Please choose a password different from your current one.',
  signedOut: 'Your session has ended. Please sign in again, or ask for a reset link below.',
} as const;

/** The reset page, and the query its loader leaves on it (how the visitor came). */
export const RESET_PAGE = '/auth/reset';
export const ARRIVED_BY_LINK = 'via=link';
export const LINK_EXPIRED = 'error_code=otp_expired';

/** The account service's refusal of a new password, in the page's words; null for one it did not explain. */
export function newPasswordRefusal(code: string | undefined): string | null {
  switch (code) {
    case 'reauthentication_needed':
      return RESET_MESSAGES.currentNeeded;
    case 'invalid_credentials':
      return RESET_MESSAGES.currentWrong;
    case 'same_password':
      return RESET_MESSAGES.samePassword;
    case 'weak_password':
      return AUTH_MESSAGES.shortPassword;
    case 'session_not_found':
    case 'bad_jwt':
    case 'no_authorization':
      return RESET_MESSAGES.signedOut;
    default:
      return null;
  }
}
