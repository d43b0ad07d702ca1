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

/**
 * A session the server signed in is handed over to the next page's auth client (which keeps it in its
 * own storage) without its tokens ever being readable by scripts: they wait in an httpOnly cookie sent
 * only to the account service's handoff address, which answers them to a same-site request; the page's
 * scripts see only the marker cookie, which says that a session waits there. Both last two minutes and
 * go once the auth client has kept the session (or when the researcher signs out).
 */
export const SESSION_HANDOFF = {
  /** The account service's route, and where the shell's gateway serves it to the browser. */
  route: '/session-handoff',
  address: '/api/account/session-handoff',
  /** The httpOnly cookie with the session (Path: the address). */
  sessionCookie: 'storefront-auth-handoff-session',
  /** The cookie a page's scripts may read: '1' while a session waits. */
  markerCookie: 'storefront-auth-handoff',
  seconds: 120,
} as const;

/**
 * The Set-Cookie lines that end a handoff (kept by the page's auth client, or a sign-out): both cookies
 * gone, at the paths they were set on. The account service's DELETE and the module's sign-out send them.
 */
export const handoffEndedCookies = (secure: boolean): string[] => [
  `${SESSION_HANDOFF.sessionCookie}=; Path=${SESSION_HANDOFF.address}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  `${SESSION_HANDOFF.markerCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`,
];

/** The sign-in page's query parameter naming the page to return to once signed in. */
export const RETURN_PARAMETER = 'next';

/** The sign-in page's address that returns to `path` (a path of this site) once signed in. */
export const signInReturningTo = (path: string) =>
  path === '/' ? '/auth' : `/auth?${RETURN_PARAMETER}=${encodeURIComponent(path)}`;
