import {
  accountOwnedStores,
  AUTH_SESSION_HANDOFF_COOKIE,
  AUTH_SESSION_STORAGE_KEY,
  stores,
  type StartAuthSession,
} from '@storefront/bus';

/** Loads the account module's session starter (the shell's federation loader). */
export type LoadSessionModule = () => Promise<{ default: StartAuthSession }>;

/**
 * The one write the shell makes to the account module's store (a recorded exception in the lint
 * configuration): a visitor without a session is signed out without downloading the auth client.
 */
const signedOut = () => accountOwnedStores.auth.set({ loading: false, user: null, event: null });

function hasSavedSession(storage: Storage): boolean {
  try {
    return storage.getItem(AUTH_SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** A session the shell's server signed in without scripts, waiting for the auth client. */
const hasHandedOffSession = (cookies: string) =>
  cookies.split(';').some((cookie) => cookie.trim().startsWith(`${AUTH_SESSION_HANDOFF_COOKIE}=`));

/** A confirmation link's landing: a new session (or its refusal) in the fragment, for supabase-js. */
const arrivesFromAuthLink = (hash: string) => /(^#|&)(access_token|error_description)=/.test(hash);

/**
 * Starts the account module's session once the runtime configuration is known, when the browser holds
 * a saved session or arrives from a confirmation link (or when a visitor opens /auth, whose page starts
 * it itself). Visitors who never
 * signed in are signed out at once and never download the auth client. If the module cannot be
 * loaded, the visitor is simply signed out: the header offers Sign In and the rest of the site works.
 */
export async function startAccountSession(
  loadSessionModule: LoadSessionModule,
  storage: Storage = window.localStorage,
  hash: string = window.location.hash,
  cookies: string = document.cookie,
): Promise<void> {
  const config = stores.runtimeConfig.get();
  const session = hasSavedSession(storage) || arrivesFromAuthLink(hash) || hasHandedOffSession(cookies);
  if (!config || !session) return signedOut();
  try {
    const module = await loadSessionModule();
    module.default(config);
  } catch (error) {
    console.error('Sign-in is unavailable right now', error);
    signedOut();
  }
}
