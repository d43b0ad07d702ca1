import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { checkoutService } from '@storefront/checkout-service/definition';
import { DEVELOPMENT_SERVICE_KEY, SERVICE_KEY_HEADER } from '@storefront/server-kit';
import {
  listenAhead,
  openDefinedService,
  testDatabaseKinds,
  type TestService,
} from '@storefront/server-kit/testing';
import request from 'supertest';
import { apiContract } from '../src/api-contract';
import { affiliateService } from '../src/definition';
import { takeProgramEvents } from '../src/domain/program-events';
import { runOperatorCommand } from '../src/operator-commands';
import { openAccounts, type AccountsFixture } from '@storefront/account-service/testing';

const OPERATOR_TOKEN = 'operator-token-for-the-tests-only';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const listenOn = async (app: TestService['app']): Promise<Server> => {
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
};

/**
 * The program's tracking and money (ADR 0019), with a real account service, a real checkout whose
 * outbox delivers to the affiliate service over loopback, and the affiliate service, each on a fresh
 * database.
 */
describe.each(testDatabaseKinds())('the affiliate program’s clicks and commissions, on %s', (kind) => {
  let accounts: AccountsFixture;
  let checkout: TestService;
  let affiliates: TestService;
  const servers: Server[] = [];

  beforeAll(async () => {
    accounts = await openAccounts(kind);
    const checkoutHttp = await listenAhead();
    const affiliateHttp = await listenAhead();
    checkout = await openDefinedService(kind, checkoutService, {
      AFFILIATE_SERVICE_URL: affiliateHttp.url,
      PROGRAM_DELIVERY_INTERVAL_MS: '100',
      DEMO_AFFILIATE_CODE: 'false',
      AFFILIATE_LOOKUP_LIMIT: '10000',
    });
    affiliates = await openDefinedService(kind, affiliateService, {
      ACCOUNT_SERVICE_URL: accounts.url,
      CHECKOUT_SERVICE_URL: checkoutHttp.url,
      CODE_DELIVERY_INTERVAL_MS: '100',
      AFFILIATE_OPERATOR_TOKEN: OPERATOR_TOKEN,
      APPLICATION_LIMIT_PER_CLIENT: '1000',
    });
    checkoutHttp.answer(checkout.app);
    affiliateHttp.answer(affiliates.app);
    servers.push(checkoutHttp.server, affiliateHttp.server);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await affiliates.dispose();
    await checkout.dispose();
    await accounts.dispose();
  });

  const operator = (req: request.Test) => req.set('authorization', `Bearer ${OPERATOR_TOKEN}`);

  /** An approved affiliate whose code checkout already knows: its session, email, id and code. */
  async function approvedAffiliate(name: string) {
    const { token, email, accountId } = await accounts.signedIn(name.toLowerCase().replace(/\W+/g, '-'));
    await request(affiliates.app)
      .post('/applications')
      .set('authorization', `Bearer ${token}`)
      .send({ name, channel: 'https://notes.example', promotion: 'A letter.' });
    const list = await operator(request(affiliates.app).get('/operator/affiliates?status=applied'));
    const id = (list.body.affiliates as { id: string; name: string }[]).find((a) => a.name === name)!.id;
    const { code } = (await operator(request(affiliates.app).post(`/operator/affiliates/${id}/approve`)))
      .body as {
      code: string;
    };
    await eventually(
      () => request(checkout.app).post('/affiliates/lookup').send({ code }),
      (answer) => answer.status === 200,
    );
    return { token, email, accountId, id, code };
  }

  const figuresOf = async (token: string) => {
    const me = await request(affiliates.app).get('/me').set('authorization', `Bearer ${token}`);
    expect(apiContract['GET /me'].safeParse(me.body).success).toBe(true);
    return me.body.figures as {
      clicks: number;
      orders: number;
      conversionRate: number | null;
      referredCents: number;
      pendingCents: number;
      payableCents: number;
      paidCents: number;
      days: { day: string; clicks: number; orders: number }[];
      referredOrders: {
        orderNumber: string;
        subtotalCents: number;
        commissionCents: number;
        status: string;
      }[];
    };
  };

  /** Sends a batch to the internal route as checkout's outbox sends it, with the service key. */
  const send = (events: object[]) =>
    request(affiliates.app)
      .post('/internal/program-events')
      .set(SERVICE_KEY_HEADER, DEVELOPMENT_SERVICE_KEY)
      .send({ events });
  /**
   * Events as checkout records them (in its outbox, delivered: its own relay leaves them be) and then
   * sends them: the program takes an event only as checkout recorded it.
   */
  const tell = async (events: Array<{ kind: string; body: object }>) => {
    const ids: number[] = [];
    for (const { kind, body } of events) {
      const { rows } = await checkout.db.query<{ id: string }>(
        'INSERT INTO program_events (kind, body, delivered_at) VALUES ($1, $2::jsonb, now()) RETURNING id',
        [kind, JSON.stringify(body)],
      );
      ids.push(Number(rows[0]!.id));
    }
    return send(events.map((event, at) => ({ id: ids[at], ...event })));
  };
  const paidOrder = (changes: Record<string, unknown>) => ({
    kind: 'order-paid',
    body: {
      orderId: randomUUID(),
      orderNumber: `ORD-${randomUUID().slice(0, 8).toUpperCase()}`,
      paidAt: new Date().toISOString(),
      affiliateId: null,
      code: null,
      referralCode: null,
      referralFollowedAt: null,
      subtotalCents: 10_000,
      email: 'shopper@lab.example',
      accountId: null,
      ...changes,
    },
  });

  it('counts a followed link once per client (its address, whatever its browser) and day, never a robot’s, from checkout’s outbox', async () => {
    const affiliate = await approvedAffiliate('Click Lab');
    const follow = (userAgent: string) =>
      request(checkout.app)
        .post('/affiliates/lookup')
        .set('user-agent', userAgent)
        .send({ code: affiliate.code, followed: true });

    const first = await follow(BROWSER);
    expect(first.status).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(
      new RegExp(`storefront-referral=${affiliate.code}\\.\\d{13}\\.[\\w-]{22}\\.[\\w-]{43};.*HttpOnly`),
    );
    await follow(BROWSER);
    // The same address with another browser's name is the same client.
    await follow(`${BROWSER} Edg/156.0`);
    await follow('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await follow('curl/8.5.0');
    // A lookup that is not a follow (a code typed at checkout) is not a click.
    await request(checkout.app)
      .post('/affiliates/lookup')
      .set('user-agent', BROWSER)
      .send({ code: affiliate.code });

    const undelivered = () =>
      checkout.db
        .query<{ n: string }>('SELECT count(*) AS n FROM program_events WHERE delivered_at IS NULL')
        .then((result) => Number(result.rows[0]!.n));
    expect(await eventually(undelivered, (n) => n === 0)).toBe(0);
    const figures = await figuresOf(affiliate.token);
    expect(figures.clicks).toBe(1);
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), clicks: 1, orders: 0 });
    expect(figures.conversionRate).toBe(0);
  });

  it('attributes paid orders by code, or by a link followed within 30 days, and earns nothing on the affiliate’s own (account or email)', async () => {
    const affiliate = await approvedAffiliate('Money Lab');
    // A shopper followed the link two days ago (checkout counted the click), another 31 days ago.
    const followed = (clientKey: string, daysAgo: number) => ({
      kind: 'link-followed',
      body: {
        affiliateId: affiliate.id,
        code: affiliate.code,
        clientKey,
        userAgent: BROWSER,
        followedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      },
    });
    await tell([followed('k'.repeat(22), 2), followed('s'.repeat(22), 31)]);
    const byCode = paidOrder({ affiliateId: affiliate.id, code: affiliate.code, subtotalCents: 12_345 });
    const byLink = paidOrder({
      referralCode: affiliate.code,
      referralFollowedAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      referralClientKey: 'k'.repeat(22),
      subtotalCents: 5_000,
    });
    const staleLink = paidOrder({
      referralCode: affiliate.code,
      referralFollowedAt: new Date(Date.now() - 31 * DAY_MS).toISOString(),
      referralClientKey: 's'.repeat(22),
    });
    // Their own mailbox, however spelt: another case, a +tag.
    const [local, domain] = affiliate.email.split('@');
    const ownOrder = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      email: `${local}+lab-orders@${domain}`.toUpperCase(),
    });
    const ownAccount = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      email: 'another-address@lab.example',
      accountId: affiliate.accountId,
    });
    const pastRefundWindow = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      paidAt: new Date(Date.now() - 31 * DAY_MS).toISOString(),
      subtotalCents: 20_000,
    });
    expect((await tell([byCode, byLink, staleLink, ownOrder, ownAccount, pastRefundWindow])).status).toBe(
      204,
    );
    // A batch sent again (its answer lost) changes nothing.
    expect((await tell([byCode, byLink])).status).toBe(204);

    const figures = await figuresOf(affiliate.token);
    expect(figures).toMatchObject({
      orders: 3,
      referredCents: 12_345 + 5_000 + 20_000,
      // 10 % rounded half up: 1,234.5 cents is 1,235.
      pendingCents: 1_235 + 500,
      payableCents: 2_000,
      paidCents: 0,
    });
    const statusOf = (orderNumber: unknown) =>
      figures.referredOrders.find((order) => order.orderNumber === orderNumber);
    expect(statusOf(ownOrder.body.orderNumber)).toMatchObject({ commissionCents: 0, status: 'none' });
    expect(statusOf(ownAccount.body.orderNumber)).toMatchObject({ commissionCents: 0, status: 'none' });
    expect(statusOf(staleLink.body.orderNumber)).toBeUndefined();
    expect(statusOf(pastRefundWindow.body.orderNumber)).toMatchObject({ status: 'payable' });
    // Nothing the affiliate reads names the shopper.
    expect(JSON.stringify(figures)).not.toContain('shopper@lab.example');

    // A refund reverses the commission, once however often it is told.
    const refunded = { kind: 'order-reversed', body: { orderId: byCode.body.orderId, reason: 'refunded' } };
    await tell([refunded]);
    await tell([refunded]);
    expect(await figuresOf(affiliate.token)).toMatchObject({
      orders: 2,
      pendingCents: 500,
      referredCents: 25_000,
    });
    expect(
      (await figuresOf(affiliate.token)).referredOrders.find(
        (o) => o.orderNumber === byCode.body.orderNumber,
      ),
    ).toMatchObject({ status: 'reversed' });
  });

  it('lists what is owed, as CSV too, records a payout once, and applies a new rate to later orders', async () => {
    const affiliate = await approvedAffiliate('Payout Lab, Inc.');
    const owed = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      paidAt: new Date(Date.now() - 40 * DAY_MS).toISOString(),
      subtotalCents: 30_000,
    });
    await tell([owed]);
    const server = await listenOn(affiliates.app);
    const endpoint = {
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      token: OPERATOR_TOKEN,
    };
    const command = (...args: string[]) => runOperatorCommand(args, endpoint);
    try {
      expect((await command('payouts')).split('\n')).toContainEqual(
        `${affiliate.id}  ${affiliate.code}      $30.00  1 orders  Payout Lab, Inc.`,
      );
      expect((await command('payouts', '--csv')).split('\n')).toContainEqual(
        `${affiliate.id},"Payout Lab, Inc.",${affiliate.code},1,30.00`,
      );
      expect(await command('pay', affiliate.id)).toBe('Recorded a payout of $30.00 for 1 orders.');
      await expect(command('pay', affiliate.id)).rejects.toThrow('Nothing owed');
      expect(await figuresOf(affiliate.token)).toMatchObject({ payableCents: 0, paidCents: 3_000 });
      expect(await command('payouts')).not.toContain(affiliate.id);
      // A refund after the payout takes nothing back by itself: it is left for an operator, and named.
      const refunded = {
        kind: 'order-reversed' as const,
        body: { orderId: owed.body.orderId, reason: 'refunded' as const },
      };
      expect((await takeProgramEvents(affiliates.db, [refunded])).forOperator).toEqual([owed.body.orderId]);
      expect(
        (
          await takeProgramEvents(affiliates.db, [
            { ...refunded, body: { ...refunded.body, orderId: randomUUID() } },
          ])
        ).forOperator,
      ).toEqual([]);
      expect(await figuresOf(affiliate.token)).toMatchObject({ paidCents: 3_000 });

      expect(await command('rate', affiliate.id, '12.5')).toBe(
        'Payout Lab, Inc. now earns 12.5% commission.',
      );
      await expect(command('rate', affiliate.id, '140')).rejects.toThrow('between 0 and 100');
      await expect(command('rate', affiliate.id)).rejects.toThrow('Give the rate as a percentage');
      await tell([paidOrder({ affiliateId: affiliate.id, code: affiliate.code, subtotalCents: 10_000 })]);
      expect(await figuresOf(affiliate.token)).toMatchObject({ pendingCents: 1_250 });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("prints an applicant's name as text: no formula in the CSV, no escape sequence in the terminal", async () => {
    const formula = await approvedAffiliate('=HYPERLINK("http://evil.example","Lab")');
    await tell([
      paidOrder({
        affiliateId: formula.id,
        code: formula.code,
        paidAt: new Date(Date.now() - 40 * DAY_MS).toISOString(),
        subtotalCents: 10_000,
      }),
    ]);
    const server = await listenOn(affiliates.app);
    const endpoint = {
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      token: OPERATOR_TOKEN,
    };
    try {
      expect((await runOperatorCommand(['payouts', '--csv'], endpoint)).split('\n')).toContainEqual(
        `${formula.id},"'=HYPERLINK(""http://evil.example"",""Lab"")",${formula.code},1,10.00`,
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('shows each affiliate only their own figures, and takes events only from other services', async () => {
    const first = await approvedAffiliate('First Lab');
    const second = await approvedAffiliate('Second Lab');
    const order = paidOrder({ affiliateId: first.id, code: first.code, subtotalCents: 7_700 });
    await tell([order]);
    expect((await figuresOf(first.token)).orders).toBe(1);
    const theirs = await figuresOf(second.token);
    expect(theirs).toMatchObject({
      clicks: 0,
      orders: 0,
      referredCents: 0,
      pendingCents: 0,
      referredOrders: [],
    });
    expect(JSON.stringify(theirs)).not.toContain(order.body.orderNumber);

    const forged = await request(affiliates.app)
      .post('/internal/program-events')
      .send({ events: [{ id: 1, ...paidOrder({ affiliateId: second.id }) }] });
    expect(forged.status).toBe(403);
    expect((await send([{ kind: 'order-paid', body: { orderId: 'x' } }])).status).toBe(400);
    expect((await figuresOf(second.token)).orders).toBe(0);
  });

  it('attributes no order to a link no counted click stands behind', async () => {
    const affiliate = await approvedAffiliate('Cookie Lab');
    const withoutClick = paidOrder({
      referralCode: affiliate.code,
      referralFollowedAt: new Date(Date.now() - DAY_MS).toISOString(),
      referralClientKey: 'n'.repeat(22),
    });
    const withoutClient = paidOrder({
      referralCode: affiliate.code,
      referralFollowedAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    expect((await tell([withoutClick, withoutClient])).status).toBe(204);
    expect((await figuresOf(affiliate.token)).orders).toBe(0);
  });

  it('takes an event only as checkout recorded it: a forged batch with the service key changes no figure', async () => {
    const affiliate = await approvedAffiliate('Forged Lab');
    const before = await figuresOf(affiliate.token);
    const forgedPaid = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      subtotalCents: 90_000_000_000,
      paidAt: new Date(Date.now() - 60 * DAY_MS).toISOString(),
    });
    const forgedClicks = Array.from({ length: 50 }, (_, n) => ({
      kind: 'link-followed',
      body: {
        affiliateId: affiliate.id,
        code: affiliate.code,
        clientKey: `forged-${n}`,
        userAgent: BROWSER,
        followedAt: new Date().toISOString(),
      },
    }));
    // Ids checkout never used, and one it did, for another event than the one sent.
    const [{ id: realId }] = (
      await checkout.db.query<{ id: string }>('SELECT max(id) AS id FROM program_events')
    ).rows as [{ id: string }];
    const forged = [forgedPaid, ...forgedClicks].map((event, at) => ({ id: 900_000 + at, ...event }));
    expect((await send([...forged, { id: Number(realId), ...forgedPaid }])).status).toBe(204);
    // A date no record holds (the year 275760) is a forged one too, refused without a fault.
    const farFuture = paidOrder({ affiliateId: affiliate.id, paidAt: '+275760-09-13T00:00:00.000Z' });
    expect((await send([{ id: 900_100, ...farFuture }])).status).toBeLessThan(500);
    expect(await figuresOf(affiliate.token)).toEqual(before);
  });

  it('refuses events that make no sense: paid in the future, before the order was placed, above its total', async () => {
    const affiliate = await approvedAffiliate('Sense Lab');
    const hour = 60 * 60 * 1000;
    const placedAt = new Date(Date.now() - 2 * hour).toISOString();
    const sensible = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      placedAt,
      totalCents: 12_000,
    });
    expect(
      (
        await tell([
          paidOrder({ affiliateId: affiliate.id, paidAt: new Date(Date.now() + 2 * hour).toISOString() }),
          paidOrder({
            affiliateId: affiliate.id,
            placedAt,
            paidAt: new Date(Date.now() - 3 * hour).toISOString(),
          }),
          paidOrder({ affiliateId: affiliate.id, placedAt, totalCents: 9_000 }),
          sensible,
        ])
      ).status,
    ).toBe(204);
    const figures = await figuresOf(affiliate.token);
    expect(figures.referredOrders.map((order) => order.orderNumber)).toEqual([sensible.body.orderNumber]);
  });

  it('takes back the share of a commission a partial refund gave back, and all of it once refunded in full', async () => {
    const affiliate = await approvedAffiliate('Refund Lab');
    const order = paidOrder({
      affiliateId: affiliate.id,
      code: affiliate.code,
      subtotalCents: 10_000,
      totalCents: 12_000,
    });
    await tell([order]);
    const commission = async () =>
      (await figuresOf(affiliate.token)).referredOrders.find(
        (o) => o.orderNumber === order.body.orderNumber,
      )!;
    expect(await commission()).toMatchObject({ commissionCents: 1_000, status: 'pending' });
    const refunded = (refundedCents: number) => ({
      kind: 'order-reversed',
      body: { orderId: order.body.orderId, reason: 'refunded', refundedCents, paidCents: 12_000 },
    });
    // $1 of $120: a 120th of the commission back, not all of it.
    await tell([refunded(100)]);
    expect(await commission()).toMatchObject({ commissionCents: 992, status: 'pending' });
    // A tenth of the payment in all, told twice: a tenth of the commission.
    await tell([refunded(1_200), refunded(1_200)]);
    expect(await commission()).toMatchObject({ commissionCents: 900, status: 'pending' });
    await tell([refunded(12_000)]);
    expect(await commission()).toMatchObject({ status: 'reversed' });
  });
});
