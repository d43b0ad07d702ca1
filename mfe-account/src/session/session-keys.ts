/** Where the auth client keeps a signed-in session in the browser (localStorage). */
export const AUTH_SESSION_STORAGE_KEY = 'storefront-auth';

/**
 * A session signed in without scripts (this module's sign-in action, or a confirmation link) is handed
 * to the next page's auth client through the account service, its tokens in an httpOnly cookie; the
 * page's scripts see only the marker. Their names and address are the account service's contract too.
 */
export { SESSION_HANDOFF } from '@storefront/commerce/account';

/**
 * The same session for the server, httpOnly: pages rendered for this visitor show them signed in (and
 * offer Sign Out) where no script runs. It holds the access token alone, and lasts as long as it does.
 * Its name is this module's contract with the others' server code (`@storefront/commerce/account`).
 */
export { SERVER_SESSION_COOKIE } from '@storefront/commerce/account';

/**
 * Where a sign-up's PKCE verifier waits for its confirmation link (Supabase's PKCE flow): a cookie, so
 * that the site's server finishes the link (/auth/confirm) for the browser that signed up, and no other,
 * as @supabase/ssr keeps it. Its name is supabase-js's own key for it, under this client's storage key;
 * its value is what supabase-js stores (the verifier as JSON). It lasts as long as a confirmation link.
 */
export const CODE_VERIFIER_COOKIE = `${AUTH_SESSION_STORAGE_KEY}-code-verifier`;
export const CODE_VERIFIER_SECONDS = 24 * 60 * 60;
