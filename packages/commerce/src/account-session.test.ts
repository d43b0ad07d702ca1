import {
  handoffEndedCookies,
  RETURN_PARAMETER,
  SERVER_SESSION_COOKIE,
  serverSessionToken,
  signInReturningTo,
} from './account-session';

describe("the account module's server session, as other modules' server code reads it", () => {
  it('is the access token in its cookie, and nothing when the cookie is missing or empty', () => {
    expect(serverSessionToken(new Map([[SERVER_SESSION_COOKIE, 'a.b.c']]))).toBe('a.b.c');
    expect(serverSessionToken(new Map([[SERVER_SESSION_COOKIE, '']]))).toBeUndefined();
    expect(serverSessionToken(new Map([['storefront-auth-handoff', 'x']]))).toBeUndefined();
    expect(SERVER_SESSION_COOKIE).toBe('storefront-session');
  });
});

describe("a session handoff's end", () => {
  it('clears both cookies at the paths they were set on, the session one httpOnly, Secure on https', () => {
    expect(handoffEndedCookies(false)).toEqual([
      'storefront-auth-handoff-session=; Path=/api/account/session-handoff; Max-Age=0; HttpOnly; SameSite=Lax',
      'storefront-auth-handoff=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    expect(handoffEndedCookies(true).every((cookie) => cookie.endsWith('; SameSite=Lax; Secure'))).toBe(true);
  });
});

describe('the sign-in address that returns to a page', () => {
  it('names the page, encoded, and is the plain sign-in page for home', () => {
    expect(signInReturningTo('/account?page=2')).toBe('/auth?next=%2Faccount%3Fpage%3D2');
    expect(signInReturningTo('/account/orders/ORD-1A2B3C4D')).toBe(
      '/auth?next=%2Faccount%2Forders%2FORD-1A2B3C4D',
    );
    expect(signInReturningTo('/')).toBe('/auth');
    expect(RETURN_PARAMETER).toBe('next');
  });
});
