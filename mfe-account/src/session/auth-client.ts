import type { RuntimeConfig } from '@storefront/bus';
import { AUTH_SESSION_STORAGE_KEY } from './session-keys';
import { GoTrueClient } from '@supabase/supabase-js';

let client: { auth: GoTrueClient } | null = null;

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
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'implicit',
    }),
  };
  return client;
}
