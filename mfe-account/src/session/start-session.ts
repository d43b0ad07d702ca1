import {
  accountOwnedStores,
  bus,
  type AuthEvent,
  type ModuleBinding,
  type RuntimeConfig,
} from '@storefront/bus';
import { ACTIONS } from '../actions';
import { AUTH_MESSAGES } from '../auth-messages';
import { AUTH_SESSION_HANDOFF_COOKIE } from './session-keys';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { authClient } from './auth-client';

let started = false;

type LinkArrival = 'confirmed' | 'refused' | null;

/** Whether the page was opened from a confirmation link: with the new session, or with its refusal. */
function linkArrival(hash: string): LinkArrival {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.get('type') === 'signup' && fragment.has('access_token')) return 'confirmed';
  if (fragment.has('error_description')) return 'refused';
  return null;
}

/** The session the shell's server signed in without scripts, if it left one for this client. */
function handedOffSession(): { access_token: string; refresh_token: string } | null {
  for (const cookie of document.cookie.split(';')) {
    const [name, ...value] = cookie.trim().split('=');
    if (name !== AUTH_SESSION_HANDOFF_COOKIE) continue;
    try {
      const session = JSON.parse(decodeURIComponent(value.join('='))) as Record<string, unknown>;
      const { access_token: access, refresh_token: refresh } = session;
      return typeof access === 'string' && typeof refresh === 'string'
        ? { access_token: access, refresh_token: refresh }
        : null;
    } catch {
      return null;
    }
  }
  return null;
}

const forgetHandedOffSession = () => {
  document.cookie = `${AUTH_SESSION_HANDOFF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};

const setSignedOut = () =>
  accountOwnedStores.auth.set({ loading: false, user: null, event: 'SIGNED_OUT', accessToken: null });

/** Tells a researcher who followed a confirmation link how it went, once its answer is known. */
function announceArrival(arrival: LinkArrival, signedIn: boolean) {
  if (arrival === 'confirmed' && signedIn) {
    bus.publish('toast/show', { title: 'Email confirmed', description: AUTH_MESSAGES.confirmedAndSignedIn });
  } else {
    bus.publish('toast/show', {
      title: 'Confirmation link expired',
      description: AUTH_MESSAGES.confirmationLinkExpired,
      variant: 'destructive',
    });
  }
}

/**
 * Keeps the auth store in step with supabase-js: every auth event (initial session, signed in or out,
 * token refreshed, user updated, password recovery) becomes the store's state, and the store stays
 * 'loading' until the first; a session with a researcher is announced on the bus (`auth/signed-in`).
 * The header's Sign Out comes over the bus; its errors are only logged.
 */
export function startSession(config: RuntimeConfig): void {
  if (started) return;
  started = true;
  // Read before supabase-js takes the session out of the address (detectSessionInUrl).
  let arrival = linkArrival(window.location.hash);
  // A refusal stays in the address otherwise; the toast says it instead.
  if (arrival === 'refused') window.history.replaceState(window.history.state, '', window.location.pathname);
  const client = authClient(config);
  const handedOff = handedOffSession();
  // While the session the server signed in is handed over, supabase-js's first word ("no session yet")
  // is not the answer: the header stays as the server drew it (signed in) rather than flickering to
  // signed out and back, which would also close an Account menu the researcher has just opened.
  let handingOver = handedOff !== null;
  let heldBackSignedOut = false;
  let announced: string | null = null;
  client.auth.onAuthStateChange((event, session) => {
    const user = session?.user;
    if (handingOver && event === 'INITIAL_SESSION' && !user) {
      heldBackSignedOut = true;
      return;
    }
    if (user && user.id !== announced) {
      announced = user.id;
      // After the store has the session: whoever wakes for it (the cart) finds its token there.
      queueMicrotask(() => bus.publish('auth/signed-in', { userId: user.id }));
    }
    if (!user) announced = null;
    // The first answer (the initial session, or signed in from the link, whichever comes first) decides.
    if (arrival && (event === 'INITIAL_SESSION' || event === 'SIGNED_IN')) {
      announceArrival(arrival, Boolean(user));
      arrival = null;
    }
    accountOwnedStores.auth.set({
      loading: false,
      event: event as AuthEvent,
      user: user ? { id: user.id, email: user.email ?? '' } : null,
      // For the services that act for the shopper (the checkout service hands them their cart).
      accessToken: session?.access_token ?? null,
    });
  });
  // The cookie goes once supabase-js has kept the session, or refused it for good. A check that never got
  // an answer (the page was left meanwhile: the signed-in page moves home after a second, which aborts
  // the check) leaves it for the next page to take.
  if (handedOff) {
    client.auth.setSession(handedOff).then(
      ({ error }) => {
        handingOver = false;
        if (!isAuthRetryableFetchError(error)) forgetHandedOffSession();
        // Refused for good: the "no session" held back above was the answer after all.
        if (error && !isAuthRetryableFetchError(error) && heldBackSignedOut) setSignedOut();
      },
      (error: unknown) => {
        handingOver = false;
        console.error('The session the server signed in could not be checked', error);
      },
    );
  }
  bus.on('auth/sign-out').subscribe(() => void signOutEverywhere(client));
}

/**
 * Sign Out: the session supabase-js keeps ends, and the one the server keeps for pages rendered without
 * scripts (an httpOnly cookie this script cannot see) ends through this module's own sign-out action.
 */
async function signOutEverywhere(client: ReturnType<typeof authClient>) {
  const { error } = await client.auth.signOut();
  if (error) console.error('Sign-out failed', error);
  await fetch(`${window.location.pathname}${window.location.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _action: ACTIONS['sign-out'] }),
    redirect: 'manual',
  }).catch((failure: unknown) => console.error('Sign-out failed', failure));
  setSignedOut();
}

/**
 * Exposed as `session`: the binding the shell wakes where the browser holds a session, hands one over,
 * or arrives from a confirmation link (the manifest's triggers); the /auth page starts it itself.
 */
const startSessionBinding: ModuleBinding = ({ config, missed }) => {
  startSession(config);
  // Woken by the header's Sign Out (a session only the server knew of): carried out now.
  if (missed.some((event) => event.type === 'auth/sign-out')) bus.publish('auth/sign-out');
};

export default startSessionBinding;
