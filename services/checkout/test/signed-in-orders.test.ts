import { randomUUID } from 'node:crypto';
import { openAccounts, type AccountsFixture } from '@storefront/account-service/testing';
import { SERVER_SESSION_COOKIE } from '@storefront/commerce/account';
import { testDatabaseKinds } from '@storefront/server-kit/testing';
import request from 'supertest';
import { address, HARNESS_START_MS, openCheckoutHarness, researcher, type CheckoutHarness } from './harness';

const order = {
  checkout: 'product',
  lines: [{ productId: 'semax', dose: '10mg', quantity: 1, channel: 'storefront' }],
  customer: researcher,
  shipping: { ...address, country: 'United States' },
  agreeToTerms: true,
  agreeToAge: true,
};

/**
 * Orders of signed-in researchers, with a real account service answering whose a session is: an order
 * is known as its buyer's (the affiliate program refuses a commission on an affiliate's own orders by
 * it), and buying never needs an account, so a session that ended, a forged token or accounts that
 * cannot be reached leave a guest's order, never a refused one.
 */
describe.each(testDatabaseKinds())('signed-in buyers on %s', (kind) => {
  let accounts: AccountsFixture;
  let harness: CheckoutHarness;
  beforeAll(async () => {
    accounts = await openAccounts(kind);
    harness = await openCheckoutHarness(kind, { accounts });
  }, HARNESS_START_MS);
  afterAll(async () => {
    await harness?.dispose();
    await accounts?.dispose();
  });

  const place = (sent: (call: request.Test) => request.Test, app = harness.checkout.app) =>
    sent(request(app).post('/orders').set('Idempotency-Key', randomUUID())).send(order);
  const accountOf = async (orderId: string) =>
    (
      await harness.checkout.db.query<{ account_id: string | null }>(
        'SELECT account_id FROM orders WHERE id = $1',
        [orderId],
      )
    ).rows[0]!.account_id;

  it("stores an order as its buyer's, from the page's token or the session the server signed in", async () => {
    const { token, accountId } = await accounts.signedIn('buyer');
    const fromPage = await place((call) => call.set('authorization', `Bearer ${token}`));
    const fromServer = await place((call) => call.set('cookie', `${SERVER_SESSION_COOKIE}=${token}`));
    for (const placed of [fromPage, fromServer]) {
      expect(placed.status).toBe(201);
      expect(await accountOf(placed.body.orderId)).toBe(accountId);
    }
  });

  it("takes a guest's order from a session that ended or a token no account service made", async () => {
    const { token } = await accounts.signedIn('signed-out');
    const signOut = await fetch(`${accounts.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: accounts.anonKey },
    });
    expect(signOut.status).toBe(204);
    for (const stale of [token, 'forged.token.value']) {
      const placed = await place((call) => call.set('authorization', `Bearer ${stale}`));
      expect(placed.status).toBe(201);
      expect(await accountOf(placed.body.orderId)).toBeNull();
    }
  });

  it("takes a guest's order when accounts cannot be reached", async () => {
    const { token } = await accounts.signedIn('unreachable');
    const placed = await place(
      (call) => call.set('authorization', `Bearer ${token}`),
      harness.sameDatabaseApp({ accountsDown: true }),
    );
    expect(placed.status).toBe(201);
    expect(await accountOf(placed.body.orderId)).toBeNull();
  });
});
