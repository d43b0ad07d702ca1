import type { RuntimeConfig } from '@storefront/bus';
import { AUTH_SESSION_STORAGE_KEY } from './session-keys';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

let client: SupabaseClient | null = null;

/**
 * The one supabase-js client of the page, shared by the session and the sign-in page (both are this
 * module's code, so they share this variable). `authUrl` may be relative ('/api/account', the account
 * service behind the shell) or a hosted Supabase project's URL.
 */
export function authClient(config: RuntimeConfig): SupabaseClient {
  client ??= createClient(new URL(config.authUrl, window.location.origin).toString(), config.authAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      storageKey: AUTH_SESSION_STORAGE_KEY,
    },
  });
  return client;
}
