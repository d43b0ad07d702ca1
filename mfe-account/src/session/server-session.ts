import { handoffEndedCookies, serverSessionToken } from '@storefront/commerce/account';
import { pageCookie, type ActionRequest, type ModuleService } from '@storefront/routing/server-module';
import { SERVER_SESSION_COOKIE, SESSION_HANDOFF } from './session-keys';

/** A session as the account service answers it (Supabase Auth's shape). */
export interface SessionAnswer {
  access_token: string;
  expires_in: number;
  user: { id: string; email?: string };
}

const isSession = (body: unknown): body is SessionAnswer => {
  const session = body as Partial<SessionAnswer> | undefined;
  return typeof session?.access_token === 'string' && typeof session.expires_in === 'number';
};

/** The service's session answer, if it is one. */
export const sessionOf = (body: unknown): SessionAnswer | null => (isSession(body) ? body : null);

const cookieEnd = (maxAgeSeconds: number, secure: boolean) =>
  `Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The cookies a session signed in on the server sets: for the next page's scripts (handed over to the
 * auth client through the account service, briefly: the tokens httpOnly, a marker the scripts see), and
 * for the server's pages (httpOnly, as long as its access token lasts).
 */
export function sessionCookies(session: SessionAnswer, { secure }: Pick<ActionRequest, 'secure'>): string[] {
  const handoff = encodeURIComponent(JSON.stringify(session));
  return [
    `${SESSION_HANDOFF.sessionCookie}=${handoff}; Path=${SESSION_HANDOFF.address}; ${cookieEnd(SESSION_HANDOFF.seconds, secure)}`,
    pageCookie(SESSION_HANDOFF.markerCookie, '1', { maxAgeSeconds: SESSION_HANDOFF.seconds, secure }),
    `${SERVER_SESSION_COOKIE}=${session.access_token}; Path=/; ${cookieEnd(session.expires_in, secure)}`,
  ];
}

/** Every one of them gone (signing out). */
export const noSessionCookies = ({ secure }: Pick<ActionRequest, 'secure'>): string[] => [
  ...handoffEndedCookies(secure),
  `${SERVER_SESSION_COOKIE}=; Path=/; ${cookieEnd(0, secure)}`,
];

/** The access token of the session the server signed in, when the request carries one. */
export const accessTokenOf = serverSessionToken;

/** The researcher a server-side session belongs to, as the account service says; null when it is not live. */
export async function researcherOf(
  service: ModuleService,
  cookies: ReadonlyMap<string, string>,
): Promise<{ id: string; email: string } | null> {
  const token = accessTokenOf(cookies);
  if (!token) return null;
  const answer = await service({
    method: 'GET',
    path: '/auth/v1/user',
    headers: { authorization: `Bearer ${token}`, apikey: 'storefront-forms' },
  }).catch(() => null);
  const user = answer?.status === 200 ? (answer.body as { id?: unknown; email?: unknown }) : null;
  return typeof user?.id === 'string'
    ? { id: user.id, email: typeof user.email === 'string' ? user.email : '' }
    : null;
}
