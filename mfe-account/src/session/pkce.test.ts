/** @jest-environment node */
import { createHash } from 'node:crypto';
import { codeVerifierCookie, codeVerifierOf, newCodeChallenge } from './pkce';
import { CODE_VERIFIER_COOKIE } from './session-keys';

const cookiesOf = (setCookie: string) => {
  const [pair] = setCookie.split(';');
  const at = pair!.indexOf('=');
  return new Map([[pair!.slice(0, at), pair!.slice(at + 1)]]);
};

describe("a sign-up's PKCE verifier", () => {
  it('answers its S256 challenge, as the account service checks it', async () => {
    const { verifier, challenge } = await newCodeChallenge();
    expect(verifier.length).toBeGreaterThanOrEqual(43);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect((await newCodeChallenge()).verifier).not.toBe(verifier);
  });

  it('is read back from the cookie this module writes and from the one supabase-js writes', () => {
    const written = codeVerifierCookie('v'.repeat(64), true);
    expect(written).toMatch(new RegExp(`^${CODE_VERIFIER_COOKIE}=.*HttpOnly; SameSite=Lax; Secure$`));
    expect(codeVerifierOf(cookiesOf(written))).toBe('v'.repeat(64));
    // supabase-js stores the value as JSON, a password reset's marked /recovery.
    const byTheClient = new Map([
      [CODE_VERIFIER_COOKIE, encodeURIComponent(JSON.stringify(`${'w'.repeat(50)}/recovery`))],
    ]);
    expect(codeVerifierOf(byTheClient)).toBe('w'.repeat(50));
    expect(codeVerifierOf(new Map([[CODE_VERIFIER_COOKIE, '%E0%A4%A']]))).toBeNull();
    expect(codeVerifierOf(new Map())).toBeNull();
  });
});
