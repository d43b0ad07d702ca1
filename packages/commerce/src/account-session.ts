/**
 * The account module's contract with the other modules' server code: a session the server signed in
 * (a sign-in form sent where no script ran) is kept in this httpOnly cookie, holding the access token.
 * A module's server code may act for that researcher with it, as its own service checks the token; a
 * module's page script uses the session the account module puts on the bus instead.
 */
export const SERVER_SESSION_COOKIE = 'storefront-session';

/** The access token of the session the server signed in, when the request carries one. */
export const serverSessionToken = (cookies: ReadonlyMap<string, string>): string | undefined =>
  cookies.get(SERVER_SESSION_COOKIE) || undefined;
