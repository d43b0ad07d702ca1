/**
 * What went wrong, in the terms supabase-js reads: each kind is answered with one status in one place
 * (routes/auth-failures.ts), so no use case knows HTTP.
 */
export type FailureKind =
  /** The request cannot be honoured as sent: a malformed body, wrong credentials, a dead refresh token. */
  | 'refused'
  /** No access token came with a request that needs one. */
  | 'no-token'
  /** The access token is not a live session's. */
  | 'forbidden'
  /** Well formed, but against a rule: a weak password, an email already registered. */
  | 'rule-broken'
  /** Too many attempts: try again after `retryAfterSeconds`. */
  | 'too-many';

/** A refusal in Supabase Auth's words: its error `code` and `message`. */
export class AuthFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalidCredentials = () =>
  new AuthFailure('refused', 'invalid_credentials', 'Invalid login credentials');

export const invalidInput = (message: string) => new AuthFailure('refused', 'validation_failed', message);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AuthFailure('too-many', 'over_request_rate_limit', 'Request rate limit reached', retryAfterSeconds);
