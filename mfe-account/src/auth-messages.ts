/** Spec section 8: what the shopper reads for each answer from the auth provider. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  alreadyRegistered: 'An account with this email already exists. Please sign in instead.',
  unexpected: 'An unexpected error occurred. Please try again.',
  signedIn: 'Successfully signed in! Redirecting...',
  signedUp: 'Account created successfully! Please check your email for a confirmation link.',
  shortPassword: 'Password must be at least 6 characters long',
  passwordsDiffer: 'Passwords do not match',
  // Not in the spec, which has no way to ask for a lost or expired confirmation link again.
  confirmationResent: 'A new confirmation link has been sent. Please check your email.',
  // Not in the spec either, whose confirmation link lands on the home page without a word.
  confirmedAndSignedIn: 'Your account is confirmed and you are signed in.',
  confirmationLinkExpired: 'This confirmation link is invalid or has expired. Sign in to ask for a new one.',
  // A link opened in another browser than the one that signed up confirms the address and no more.
  confirmedSignInHere: 'Your email is confirmed. Please sign in to continue.',
} as const;

type ProviderError = { code?: string; message: string; status?: number };

export const isEmailNotConfirmed = (error: ProviderError) =>
  error.code === 'email_not_confirmed' || error.message === 'Email not confirmed';

/**
 * A refusal the provider made on purpose: a 4xx answer. supabase-js hands back a network failure or a
 * 5xx as an error value too, whose message is the browser's ("Failed to fetch") or the raw body ("{}"),
 * which a shopper should never read.
 */
const isDeliberateRefusal = (error: ProviderError) =>
  error.status !== undefined && error.status >= 400 && error.status < 500;

/** The provider's error, by code when it gives one (Supabase Auth does), else by its message. */
export function authErrorMessage(error: ProviderError): string {
  if (error.code === 'invalid_credentials' || error.message === 'Invalid login credentials') {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (isEmailNotConfirmed(error)) return AUTH_MESSAGES.emailNotConfirmed;
  if (error.code === 'user_already_exists' || error.message === 'User already registered') {
    return AUTH_MESSAGES.alreadyRegistered;
  }
  return isDeliberateRefusal(error) ? error.message : AUTH_MESSAGES.unexpected;
}

export const MIN_PASSWORD_LENGTH = 6;

/**
 * The rules a sign-in or sign-up form is checked by before the provider is asked (spec section 5), with
 * their messages; null when they hold. The page's script and this module's server action both use it.
 */
export function credentialsProblem(
  { password, confirmation }: { password: string; confirmation: string },
  signingUp: boolean,
): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.shortPassword;
  if (signingUp && password !== confirmation) return AUTH_MESSAGES.passwordsDiffer;
  return null;
}
