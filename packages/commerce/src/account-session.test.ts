import { SERVER_SESSION_COOKIE, serverSessionToken } from './account-session';

describe("the account module's server session, as other modules' server code reads it", () => {
  it('is the access token in its cookie, and nothing when the cookie is missing or empty', () => {
    expect(serverSessionToken(new Map([[SERVER_SESSION_COOKIE, 'a.b.c']]))).toBe('a.b.c');
    expect(serverSessionToken(new Map([[SERVER_SESSION_COOKIE, '']]))).toBeUndefined();
    expect(serverSessionToken(new Map([['storefront-auth-handoff', 'x']]))).toBeUndefined();
    expect(SERVER_SESSION_COOKIE).toBe('storefront-session');
  });
});
