/** Where the auth client keeps a signed-in session in the browser (localStorage). */
export const AUTH_SESSION_STORAGE_KEY = 'storefront-auth';

/**
 * A session signed in without scripts (this module's sign-in action): a short-lived cookie the auth
 * client takes the session from, into its own storage, and removes.
 */
export const AUTH_SESSION_HANDOFF_COOKIE = 'storefront-auth-handoff';
