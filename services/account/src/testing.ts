import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountService } from './definition';
import { openDefinedService, type TestDatabaseKind, type TestService } from '@storefront/server-kit/testing';

const PASSWORD = 'correct horse battery';
/** The key supabase-js sends as `apikey` to the local account service. */
const ANON_KEY = 'storefront-local-anon-key';

export interface AccountsFixture {
  service: TestService;
  /** Where the account service listens: a service under test asks it whose a token is. */
  url: string;
  /** What a caller sends as `apikey` with a token. */
  anonKey: string;
  /** A confirmed account, signed up and signed in through the account service's API. */
  signedIn(label: string): Promise<{ token: string; email: string; accountId: string }>;
  dispose(): Promise<void>;
}

/**
 * A real account service on its own test database, listening on loopback: for the tests of services that
 * ask accounts whose a session is (checkout, affiliate), so none of them needs a stand-in for it.
 */
export async function openAccounts(kind: TestDatabaseKind): Promise<AccountsFixture> {
  const service = await openDefinedService(kind, accountService, {
    JWT_SECRET: 'a-secret-for-the-tests-of-32-chars!',
    DATA_DIR: '',
  });
  const server = createServer(service.app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = (route: string, body: object) =>
    fetch(`${url}/auth/v1/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: ANON_KEY },
      body: JSON.stringify(body),
    });
  return {
    service,
    url,
    anonKey: ANON_KEY,
    async signedIn(label) {
      const email = `${label}-${kind}-${Date.now()}@lab.example`;
      if ((await auth('signup', { email, password: PASSWORD })).status !== 200)
        throw new Error(`could not sign ${email} up`);
      const { rows } = await service.db.query<{ link: string }>(
        'SELECT link FROM dev_mailbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
        [email],
      );
      const link = new URL(rows[0]!.link);
      await fetch(`${url}${link.pathname.replace(/^\/api\/account/, '')}${link.search}`, {
        redirect: 'manual',
      });
      const session = (await (
        await auth('token?grant_type=password', { email, password: PASSWORD })
      ).json()) as {
        access_token: string;
      };
      const user = (await (
        await fetch(`${url}/auth/v1/user`, {
          headers: { authorization: `Bearer ${session.access_token}`, apikey: ANON_KEY },
        })
      ).json()) as { id: string };
      return { token: session.access_token, email, accountId: user.id };
    },
    async dispose() {
      server.closeAllConnections();
      server.close();
      await service.dispose();
    },
  };
}
