/** Where the auth client keeps a signed-in session in the browser (localStorage). */
export const AUTH_SESSION_STORAGE_KEY = 'storefront-auth';

/**
 * A session signed in without scripts (this module's sign-in action, or a confirmation link): a cookie
 * the next page's auth client takes the session from, into its own storage, and removes. It lasts two
 * minutes: where no script runs, nothing takes it, and tokens are not left readable for longer.
 */
export const AUTH_SESSION_HANDOFF_COOKIE = 'storefront-auth-handoff';
export const HANDOFF_SECONDS = 120;

/**
 * The same session for the server, httpOnly: pages rendered for this visitor show them signed in (and
 * offer Sign Out) where no script runs. It holds the access token alone, and lasts as long as it does.
 * Its name is this module's contract with the others' server code (`@storefront/commerce/account`).
 */
export { SERVER_SESSION_COOKIE } from '@storefront/commerce/account';
