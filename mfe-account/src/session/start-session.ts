import { bus, stores, type AuthEvent, type StartAuthSession } from '@storefront/bus';
import { authClient } from './auth-client';

let started = false;

/**
 * Keeps the shell's auth store in step with supabase-js: every auth event (initial session, signed in
 * or out, token refreshed, user updated, password recovery) becomes the store's state, and the store
 * stays 'loading' until the first. The header's Sign Out comes over the bus; its errors are only logged.
 */
const startSession: StartAuthSession = (config) => {
  if (started) return;
  started = true;
  const client = authClient(config);
  client.auth.onAuthStateChange((event, session) => {
    const user = session?.user;
    stores.auth.set({
      loading: false,
      event: event as AuthEvent,
      user: user ? { id: user.id, email: user.email ?? '' } : null,
    });
  });
  bus.on('auth/sign-out').subscribe(() => {
    void client.auth.signOut().then(({ error }) => {
      if (error) console.error('Sign-out failed', error);
    });
  });
};

export default startSession;
