import { defineRoutes, visitorPage } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';
import {
  AUTH_SESSION_STORAGE_KEY,
  CODE_VERIFIER_COOKIE,
  SERVER_SESSION_COOKIE,
  SESSION_HANDOFF,
} from './session/session-keys';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
const routes = defineRoutes([
  // Its forms work without scripts; signed-in visitors are sent home (by its loader when the server
  // knows them, by the page's script when the browser does).
  visitorPage('/auth', {
    exposed: 'AuthPage',
    label: 'sign-in page',
    serverLoader: true,
    head: {
      title: 'Sign In',
      description:
        'Sign in or create an account. Registration is for research institutions and professionals.',
    },
  }),
  // Where a confirmation link leads: its loader signs the researcher in and goes home.
  visitorPage('/auth/confirm', {
    exposed: 'AuthPage',
    label: 'sign-in page',
    serverLoader: true,
    head: { title: 'Confirming Your Email', description: 'Confirming your email address.' },
  }),
  // A forgotten password (ADR 0010, amended): asking for a link, where the link leads (its loader takes
  // it), and setting the new password; signed in, changing it.
  visitorPage('/auth/reset', {
    exposed: 'PasswordResetPage',
    label: 'password page',
    serverLoader: true,
    head: { title: 'Reset Password', description: 'Choose a new password for your account.' },
  }),
]);

/** A visitor whose browser holds no session, and was handed none. */
const SIGNED_OUT = { loading: false, user: null, event: null };

/**
 * What this module is to the shell and the other modules: the sign-in page (the header's Sign In and
 * Create Account lead there), its forms' actions, and the session the shell wakes where a browser holds
 * one, is handed one, or arrives from a confirmation link; anyone else is signed out without this
 * module being downloaded.
 */
export const manifest = defineModule({
  routes,
  actions: {
    'sign-in': { fields: ['email', 'password'] },
    'sign-up': { fields: ['email', 'password', 'confirmation'] },
    resend: { fields: ['email'] },
    'sign-out': { fields: [] },
    recover: { fields: ['email'] },
    'set-password': { fields: ['password', 'confirmation', 'current'] },
  },
  links: [
    { place: 'header-sign-in', href: '/auth', label: 'Sign In' },
    { place: 'header-sign-up', href: '/auth?tab=sign-up', label: 'Create Account' },
    { place: 'header-sign-out', href: '/', label: 'Sign Out', action: 'sign-out' },
    { place: 'account-menu', href: '/auth/reset', label: 'Change Password' },
  ],
  bindings: [
    {
      exposed: 'session',
      wakeOn: {
        storage: [AUTH_SESSION_STORAGE_KEY],
        cookies: [SESSION_HANDOFF.markerCookie],
        hash: ['access_token', 'error_description'],
        // A session only the server knew of (signed in where no script ran) ends here too.
        events: ['auth/sign-out'],
      },
      asleep: { auth: SIGNED_OUT },
    },
  ],
  cookies: [
    { name: SESSION_HANDOFF.markerCookie, personal: false },
    { name: SESSION_HANDOFF.sessionCookie, personal: true },
    { name: SERVER_SESSION_COOKIE, personal: true },
    { name: CODE_VERIFIER_COOKIE, personal: false },
  ],
});
