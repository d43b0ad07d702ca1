import { AUTH_MESSAGES, authErrorMessage, isEmailNotConfirmed } from './auth-messages';

describe('auth messages (spec section 8)', () => {
  it.each([
    [{ code: 'invalid_credentials', message: 'Invalid login credentials' }, AUTH_MESSAGES.invalidCredentials],
    [{ message: 'Invalid login credentials' }, AUTH_MESSAGES.invalidCredentials],
    [{ code: 'email_not_confirmed', message: 'Email not confirmed' }, AUTH_MESSAGES.emailNotConfirmed],
    [{ code: 'user_already_exists', message: 'User already registered' }, AUTH_MESSAGES.alreadyRegistered],
    [
      { code: 'over_request_rate_limit', message: 'Request rate limit reached', status: 429 },
      'Request rate limit reached',
    ],
    // What supabase-js returns for a network failure and for a 5xx answer: never shown as it is.
    [{ message: 'Failed to fetch', status: 0 }, AUTH_MESSAGES.unexpected],
    [{ message: '{}', status: 503 }, AUTH_MESSAGES.unexpected],
    [{ message: '{}' }, AUTH_MESSAGES.unexpected],
  ])('maps %o', (error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });
});

describe('an unconfirmed email, which may be offered a new confirmation link', () => {
  it.each([
    [{ code: 'email_not_confirmed', message: 'Email not confirmed' }, true],
    [{ message: 'Email not confirmed' }, true],
    [{ code: 'invalid_credentials', message: 'Invalid login credentials' }, false],
  ])('recognises %o: %s', (error, expected) => {
    expect(isEmailNotConfirmed(error)).toBe(expected);
  });
});
