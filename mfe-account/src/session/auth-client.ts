import type { RuntimeConfig } from '@storefront/bus';
import { AUTH_SESSION_STORAGE_KEY, CODE_VERIFIER_COOKIE, CODE_VERIFIER_SECONDS } from './session-keys';
import { GoTrueClient } from '@supabase/supabase-js';

let client: { auth: GoTrueClient } | null = null;

/** A cookie of this page, decoded; null when it has none by that name. */
export const readCookie = (name: string) => {
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return cookie ? decodeURIComponent(cookie.slice(name.length + 1)) : null;
};
const writeCookie = (name: string, value: string, maxAge: number) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
};

/**
 * The session in localStorage, as supabase-js keeps it; a sign-up's PKCE verifier in a cookie
 * (CODE_VERIFIER_COOKIE), where the site's server finds it when the confirmation link comes back.
 */
const storage = {
  getItem: (key: string) =>
    key === CODE_VERIFIER_COOKIE ? readCookie(key) : window.localStorage.getItem(key),
  setItem: (key: string, value: string) =>
    key === CODE_VERIFIER_COOKIE
      ? writeCookie(key, value, CODE_VERIFIER_SECONDS)
      : window.localStorage.setItem(key, value),
  removeItem: (key: string) =>
    key === CODE_VERIFIER_COOKIE ? writeCookie(key, '', 0) : window.localStorage.removeItem(key),
};

/**
 * The one auth client of the page, shared by the session and the sign-in page (both are this module's
 * code, so they share this variable). `authUrl` may be relative ('/api/account', the account service
 * behind the shell) or a hosted Supabase project's URL.
 *
 * It is supabase-js's auth client made as `createClient` makes its `auth` (the same URL, headers and
 * session options), without the database, storage, realtime and functions clients this module never
 * uses: every signed-in page loads it, and alone it is 23 KB gzipped where the whole client is 55 KB.
 */
export function authClient(config: RuntimeConfig): { auth: GoTrueClient } {
  if (client) return client;
  const base = new URL(config.authUrl, window.location.origin);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  client = {
    auth: new GoTrueClient({
      url: new URL('auth/v1', base).href,
      headers: { Authorization: `Bearer ${config.authAnonKey}`, apikey: config.authAnonKey },
      storageKey: AUTH_SESSION_STORAGE_KEY,
      storage,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      // A confirmation link signs in only the browser that signed up (it holds the verifier).
      flowType: 'pkce',
    }),
  };
  return client;
}

/**
 * Runs a call that makes a new confirmation link (supabase-js's resend, which makes a new verifier
 * first and drops it when refused) and, when it is refused (too soon after the last), gives back the
 * verifier of the link already sent, which would otherwise no longer sign this browser in.
 */
export async function keepingCodeVerifier<T extends { error: unknown }>(call: () => Promise<T>): Promise<T> {
  const earlier = readCookie(CODE_VERIFIER_COOKIE);
  const outcome = await call();
  if (outcome.error && earlier) writeCookie(CODE_VERIFIER_COOKIE, earlier, CODE_VERIFIER_SECONDS);
  return outcome;
}
