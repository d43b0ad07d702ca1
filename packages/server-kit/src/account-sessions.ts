import { DomainError } from './domain-errors';
import { Pool } from 'undici';

/** A signed-in account: its id, and its email when the account service gives one. */
export interface SignedInUser {
  id: string;
  email: string | null;
  /** Whether the account service says its owner confirmed that email (a link sent to it was opened). */
  emailConfirmed: boolean;
}

/** Who a signed-in shopper is, from the access token their browser holds. */
export interface AccountSessions {
  /** The account, or null when the token is not a live session's. */
  userOf(accessToken: string, requestId?: string): Promise<SignedInUser | null>;
  close(): Promise<void>;
}

const accountsUnavailable = (cause?: unknown) =>
  new DomainError(
    'unavailable',
    'Accounts unavailable',
    'Your account cannot be reached right now. Please try again shortly.',
    undefined,
    cause,
  );

/**
 * A service's one seam to accounts: the token is checked by asking the account service (or
 * hosted Supabase, at AUTH_URL) for its user, exactly as supabase-js does, so no signing key is shared.
 */
export function createAccountSessions(authUrl: string, anonKey: string, timeoutMs: number): AccountSessions {
  const base = new URL(authUrl);
  const pool = new Pool(base.origin, { connections: 8, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const prefix = base.pathname.replace(/\/+$/, '');
  return {
    async userOf(accessToken, requestId) {
      let answer;
      try {
        answer = await pool.request({
          method: 'GET',
          path: `${prefix}/auth/v1/user`,
          headers: {
            authorization: `Bearer ${accessToken}`,
            apikey: anonKey,
            ...(requestId ? { 'x-request-id': requestId } : {}),
          },
        });
      } catch (error) {
        throw accountsUnavailable(error);
      }
      if (answer.statusCode === 401 || answer.statusCode === 403) {
        await answer.body.dump();
        return null;
      }
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        throw accountsUnavailable();
      }
      const user = (await answer.body.json().catch(() => null)) as {
        id?: unknown;
        email?: unknown;
        email_confirmed_at?: unknown;
      } | null;
      if (typeof user?.id !== 'string') return null;
      return {
        id: user.id,
        email: typeof user.email === 'string' ? user.email.toLowerCase() : null,
        emailConfirmed: typeof user.email_confirmed_at === 'string',
      };
    },
    close: () => pool.close(),
  };
}
