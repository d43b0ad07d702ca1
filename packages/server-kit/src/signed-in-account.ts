import type { AccountSessions, SignedInUser } from './account-sessions';
import { DomainError } from './domain-errors';

/** The signed-in account behind a bearer token (an Authorization header's); 401 when there is none. */
export async function signedInAccount(
  authorization: string | undefined,
  accounts: AccountSessions,
  requestId?: string,
): Promise<SignedInUser> {
  const token = /^Bearer (\S{1,4096})$/.exec(authorization ?? '')?.[1];
  const user = token ? await accounts.userOf(token, requestId) : null;
  if (!user) throw new DomainError('unauthenticated', 'Not signed in', 'Please sign in again.');
  return user;
}
