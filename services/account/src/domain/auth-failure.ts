import { DomainError, type Refusal } from '@storefront/server-kit/domain';

/**
 * A refusal in Supabase Auth's words: the shop's kind of refusal (which the kit turns into the status
 * Supabase Auth answers with: 400 for a request that cannot be honoured as sent, 401 without a token,
 * 403 for a token that is not a live session's, 422 against a rule, 429 too often) and its error `code`,
 * which supabase-js reads. The account routes answer it as `{code, message}` (routes/auth-failures.ts).
 */
export class AuthFailure extends DomainError {
  constructor(
    refusal: Refusal,
    readonly code: string,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(refusal, code, message, retryAfterSeconds);
  }
}

export const invalidCredentials = () =>
  new AuthFailure('malformed', 'invalid_credentials', 'Invalid login credentials');

export const invalidInput = (message: string) => new AuthFailure('malformed', 'validation_failed', message);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AuthFailure('too-many', 'over_request_rate_limit', 'Request rate limit reached', retryAfterSeconds);
