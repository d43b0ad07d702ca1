import { CODE_VERIFIER_COOKIE, CODE_VERIFIER_SECONDS } from './session-keys';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * A new PKCE verifier and its S256 challenge (RFC 7636), as supabase-js makes them for a sign-up: the
 * challenge goes with the sign-up, the verifier stays with the browser (the cookie below). Web Crypto,
 * which the shell's server and the browser both have.
 */
export async function newCodeChallenge(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(48)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return { verifier, challenge: base64url(digest) };
}

/** The verifier's cookie as supabase-js's storage keeps it (session/auth-client.ts): the value as JSON. */
export const codeVerifierCookie = (
  verifier: string,
  secure: boolean,
  maxAgeSeconds = CODE_VERIFIER_SECONDS,
) =>
  `${CODE_VERIFIER_COOKIE}=${encodeURIComponent(JSON.stringify(verifier))}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The verifier a request's cookie holds, written by this module's server or by supabase-js; null for none. */
export function codeVerifierOf(cookies: ReadonlyMap<string, string>): string | null {
  const raw = cookies.get(CODE_VERIFIER_COOKIE);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(decodeURIComponent(raw));
    // supabase-js marks a password reset's verifier `<verifier>/recovery`.
    return typeof stored === 'string' && stored ? stored.split('/')[0]! : null;
  } catch {
    return null;
  }
}
