import {
  accountOwnedStores,
  bus,
  type AuthEvent,
  type ModuleBinding,
  type RuntimeConfig,
} from '@storefront/bus';
import { ACTIONS } from '../actions';
import { AUTH_MESSAGES } from '../auth-messages';
import { SESSION_HANDOFF } from './session-keys';
import { isAuthRetryableFetchError, isAuthSessionMissingError } from '@supabase/supabase-js';
import { authClient, readCookie } from './auth-client';

let started = false;

type LinkArrival = 'confirmed' | 'refused' | null;

/** Whether the page was opened from a confirmation link: with the new session, or with its refusal. */
function linkArrival(hash: string): LinkArrival {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.get('type') === 'signup' && fragment.has('access_token')) return 'confirmed';
  if (fragment.has('error_description')) return 'refused';
  return null;
}

/** Whether the shell's server signed in a session without scripts and left it for this client. */
const sessionWaits = () => readCookie(SESSION_HANDOFF.markerCookie) === '1';

/** The session waiting at the account service's handoff address (its tokens are never in a cookie scripts read). */
async function handedOffSession(): Promise<{ access_token: string; refresh_token: string } | null> {
  const answer = await fetch(SESSION_HANDOFF.address, { method: 'POST' });
  if (!answer.ok) return null;
  const { access_token: access, refresh_token: refresh } = (await answer.json()) as Record<string, unknown>;
  return typeof access === 'string' && typeof refresh === 'string'
    ? { access_token: access, refresh_token: refresh }
    : null;
}

const endHandoff = () =>
  fetch(SESSION_HANDOFF.address, { method: 'DELETE' }).then(
    () => undefined,
    (error: unknown) => console.error('The handed-over session could not be let go', error),
  );

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
  const handingOff = sessionWaits();
  // While the session the server signed in is handed over, supabase-js's first word ("no session yet")
  // is not the answer: the header stays as the server drew it (signed in) rather than flickering to
  // signed out and back, which would also close an Account menu the researcher has just opened.
  let handingOver = handingOff;
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
  // The handoff ends once supabase-js has kept the session, or refused it for good. A check that never
  // got an answer (the page was left meanwhile: the signed-in page moves home after a second, which
  // aborts the check) leaves it for the next page to take.
  if (handingOff) {
    handedOffSession()
      .then(async (handedOff) => {
        const { error } = handedOff
          ? await client.auth.setSession(handedOff)
          : { error: new Error('No session was waiting') };
        handingOver = false;
        if (!isAuthRetryableFetchError(error)) await endHandoff();
        // Refused for good: the "no session" held back above was the answer after all.
        if (error && !isAuthRetryableFetchError(error) && heldBackSignedOut) setSignedOut();
      })
      .catch((error: unknown) => {
        handingOver = false;
        console.error('The session the server signed in could not be checked', error);
      });
  } else void endSessionEndedElsewhere(client);
  bus.on('auth/sign-out').subscribe(() => void signOutEverywhere(client));
}

/**
 * A session this browser keeps may have been ended elsewhere (Sign Out on another device ends every
 * session of the account): the service is asked once per page, and a session it no longer knows ends
 * here too (supabase-js drops it and says SIGNED_OUT; the server's copy goes through the sign-out
 * action), rather than the header showing a researcher whom every service refuses.
 */
async function endSessionEndedElsewhere(client: ReturnType<typeof authClient>) {
  const { data } = await client.auth.getSession();
  if (!data.session) return;
  const { error } = await client.auth.getUser();
  if (isAuthSessionMissingError(error)) await endServerSession();
}

/**
 * Sign Out: the session supabase-js keeps ends, and the one the server keeps for pages rendered without
 * scripts (an httpOnly cookie this script cannot see) ends through this module's own sign-out action.
 */
async function signOutEverywhere(client: ReturnType<typeof authClient>) {
  const { error } = await client.auth.signOut();
  if (error) console.error('Sign-out failed', error);
  await endServerSession();
  setSignedOut();
}

/** The session the server keeps (an httpOnly cookie this script cannot see) ends through this module's own sign-out action. */
const endServerSession = () =>
  fetch(`${window.location.pathname}${window.location.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _action: ACTIONS['sign-out'] }),
    redirect: 'manual',
  }).then(
    () => undefined,
    (failure: unknown) => console.error('Sign-out failed', failure),
  );

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
