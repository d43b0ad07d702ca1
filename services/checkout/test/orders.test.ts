import path from 'node:path';
import {
  openTestService,
  silentLogger,
  testAppSettings,
  testDatabaseKinds,
  type TestDatabaseKind,
  type TestService,
} from '@storefront/server-kit/testing';
import { Limiter } from '@storefront/server-kit';
import request from 'supertest';
import { orderRequestSchema } from '@storefront/commerce/checkout';
import { createCatalogPricing } from '../src/catalog-client';
import { createOrder } from '../src/store/orders-store';
import { addAffiliate, DEMO_AFFILIATE } from '../src/store/affiliates-store';
import { createSquareGateway } from '../src/payments/square-gateway';
import { createAccountSessions } from '@storefront/server-kit';
import { checkoutRoutes } from '../src/app';
import type { CheckoutLimits } from '../src/domain/caller';
import {
  address,
  HARNESS_START_MS,
  openCheckoutHarness,
  researcher,
  roomyLimits,
  type CheckoutHarness,
  keptInOutbox,
} from './harness';

const order = (changes: Record<string, unknown> = {}) => ({
  checkout: 'product',
  lines: [{ productId: 'retatrutide', dose: '10mg', quantity: 1, channel: 'storefront' }],
  customer: researcher,
  shipping: address,
  agreeToTerms: true,
  agreeToAge: true,
  ...changes,
});

/**
 * Order routes whose catalog is unreachable (a closed port), so nothing can be priced and no order is
 * made; Square is unreachable too, through the real gateway, and never asked.
 */
const checkoutWithCatalogDown = (kind: TestDatabaseKind, limits: CheckoutLimits, trustProxy?: string) =>
  openTestService(kind, {
    name: 'checkout',
    migrationsDir: path.join(__dirname, '../migrations'),
    start: ({ db }) => ({
      routes: checkoutRoutes({
        db,
        // Nothing listens there: the catalog is down for good, so a quote is not held.
        pricing: createCatalogPricing('http://127.0.0.1:9', 1000, testAppSettings.serviceKey, 0, null),
        accounts: createAccountSessions('http://127.0.0.1:9', 'unused', 500),
        cookies: { secure: false, signingKey: testAppSettings.serviceKey },
        programEvents: keptInOutbox,
        payments: createSquareGateway(
          {
            environment: 'http://127.0.0.1:9',
            accessToken: 'unused',
            locationId: 'unused',
            siteUrl: 'http://shop.test',
            maxRetries: 0,
            timeoutSeconds: 1,
          },
          silentLogger(),
        ),
        limits,
        webhooks: { signatureKey: 'unused', notificationUrl: 'http://shop.test/webhooks/square' },
        logger: silentLogger(),
        outageHoldMs: 0,
        shopName: 'Helix Research',
      }),
    }),
    trustProxy,
  });

describe.each(testDatabaseKinds())('orders on %s', (kind) => {
  let harness: CheckoutHarness;
  let checkout: TestService;
  beforeAll(async () => {
    harness = await openCheckoutHarness(kind);
    checkout = harness.checkout;
  }, HARNESS_START_MS);
  afterAll(() => harness?.dispose());

  const place = (body: unknown, key?: string) => {
    const call = request(checkout.app)
      .post('/orders')
      .send(body as object);
    return key ? call.set('Idempotency-Key', key) : call;
  };
  const orderCount = async () =>
    Number((await checkout.db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n);

  describe('orders past the business cap', () => {
    it.each([
      [
        '1,001 vials of one product',
        [{ productId: 'bpc-157', dose: '10mg', quantity: 1001, channel: 'storefront' }],
      ],
      [
        'two lines of 1,000 vials of one product and dose',
        [
          { productId: 'bpc-157', dose: '10mg', quantity: 1000, channel: 'storefront' },
          { productId: 'bpc-157', dose: '10mg', quantity: 1000, channel: 'catalogue' },
        ],
      ],
      [
        '1,001 vials of one product over its doses',
        [
          { productId: 'retatrutide', dose: '5mg', quantity: 600, channel: 'storefront' },
          { productId: 'retatrutide', dose: '10mg', quantity: 401, channel: 'storefront' },
        ],
      ],
      [
        'a total over $50,000',
        [
          { productId: 'retatrutide', dose: '10mg', quantity: 400, channel: 'storefront' },
          { productId: 'bpc-157', dose: '10mg', quantity: 1000, channel: 'storefront' },
        ],
      ],
      [
        '50 lines of 10,000 vials (a total past 2^31 cents once answered 500)',
        Array.from({ length: 50 }, () => ({
          productId: 'retatrutide',
          dose: '10mg',
          quantity: 10_000,
          channel: 'storefront',
        })),
      ],
    ])('refuses %s with a clear message, and stores nothing', async (_case, lines) => {
      const before = await orderCount();
      const res = await place(order({ checkout: 'cart', lines }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        title: 'Order Too Large',
        detail:
          'Online orders are limited to 1,000 vials of one product and $50,000 in total. For a larger order, please contact us.',
      });
      expect(await orderCount()).toBe(before);
    });

    it('still takes an order just inside the cap, and tells caches to keep none of it', async () => {
      const res = await place(
        order({
          lines: [
            { productId: 'bpc-157', dose: '10mg', quantity: 150, channel: 'storefront' },
            { productId: 'bpc-157', dose: '10mg', quantity: 150, channel: 'catalogue' },
          ],
        }),
      );
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('stores amounts past 2^31 cents exactly: money columns are bigint, whatever the cap', async () => {
    const huge = 3_000_000_000; // $30,000,000.00, beyond an int column
    const { stored, created } = await createOrder(checkout.db, {
      request: orderRequestSchema.parse(order()),
      referral: null,
      accountId: null,
      priced: {
        lines: [
          {
            channel: 'storefront',
            productId: 'retatrutide',
            dose: '10mg',
            name: 'Retatrutide',
            sku: 'RETA',
            image: '/api/catalog/images/v2/retatrutide/10mg.svg',
            unitPrice: huge,
            quantity: 1,
            lineTotal: huge,
          },
        ],
        totals: {
          subtotal: huge,
          discount: 0,
          discountedSubtotal: huge,
          shipping: 0,
          tax: 240_000_000,
          total: huge + 240_000_000,
        },
      },
      affiliate: null,
      idempotencyKey: null,
      fingerprint: 'bigint-test',
    });
    expect(created).toBe(true);
    expect(stored.order.totals).toEqual({
      subtotal: huge,
      discount: 0,
      shipping: 0,
      tax: 240_000_000,
      total: huge + 240_000_000,
    });
    const { rows } = await checkout.db.query<{ line_total_cents: number }>(
      'SELECT line_total_cents FROM order_lines WHERE order_id = $1',
      [stored.order.orderId],
    );
    expect(rows).toEqual([{ line_total_cents: huge }]);
  });

  it('refuses a NUL or half a surrogate pair in any field with 400 naming it, and stores nothing', async () => {
    const before = await orderCount();
    const nul = await place(order({ customer: { ...researcher, firstName: 'Ada\u0000' } }));
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([
      { field: 'customer.firstName', message: 'Contains characters that are not allowed.' },
    ]);
    // A line break is refused in any one-line field: nothing typed can pass for a header or a new row.
    const header = await place(
      order({
        customer: { ...researcher, lastName: 'Lovelace\r\nBcc: x@evil.example', phoneNumber: '555\u001b[2J' },
      }),
    );
    expect(header.status).toBe(400);
    expect(header.body.errors).toEqual([
      { field: 'customer.lastName', message: 'Contains characters that are not allowed.' },
      { field: 'customer.phoneNumber', message: 'Contains characters that are not allowed.' },
    ]);
    const surrogate = await request(checkout.app)
      .post('/orders')
      .set('content-type', 'application/json')
      .send(JSON.stringify(order()).replace('Tempe', '\\udc00'));
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors[0].field).toBe('shipping.city');
    const wrongType = await place(order({ customer: { ...researcher, email: 42 } }));
    expect(wrongType.body.errors).toEqual([{ field: 'customer.email', message: 'Must be text.' }]);
    expect(await orderCount()).toBe(before);
  });

  it('prices with the spec arithmetic (10% off, flat shipping, 8% tax) and stores what it charges', async () => {
    const res = await place(order({ affiliateCode: ' research10 ' }), 'spec-arithmetic-1');
    expect(res.status).toBe(201);
    expect(res.body.totals).toEqual({
      subtotal: 14000,
      discount: 1400,
      shipping: 1599,
      tax: 1008,
      total: 15207,
    });
    expect(res.body.status).toBe('pending_payment');
    expect(res.body.orderNumber).toBe(`ORD-${res.body.orderId.slice(-8).toUpperCase()}`);
    const { rows } = await checkout.db.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [
      res.body.orderId,
    ]);
    expect(rows[0]).toMatchObject({
      affiliate_code: 'RESEARCH10',
      subtotal_cents: 14000,
      discount_cents: 1400,
      shipping_cents: 1599,
      tax_cents: 1008,
      total_cents: 15207,
    });
    const lines = await checkout.db.query<Record<string, unknown>>(
      'SELECT * FROM order_lines WHERE order_id = $1',
      [res.body.orderId],
    );
    expect(lines.rows).toEqual([
      expect.objectContaining({
        product_id: 'retatrutide',
        dose: '10mg',
        sku: 'RETA',
        unit_price_cents: 14000,
        quantity: 1,
        line_total_cents: 14000,
      }),
    ]);
  });

  it('ships free from 250.00 after the discount and rounds tax to the cent', async () => {
    const res = await place(
      order({
        affiliateCode: 'RESEARCH10',
        lines: [{ productId: 'retatrutide', dose: '20mg', quantity: 2, channel: 'storefront' }],
      }),
    );
    expect(res.body.totals).toEqual({
      subtotal: 39800,
      discount: 3980,
      shipping: 0,
      tax: 2866,
      total: 38686,
    });
  });

  it('charges the real total whatever prices or totals the request carries', async () => {
    const tampered = order({
      lines: [
        { productId: 'tb-500', dose: '5mg', quantity: 2, channel: 'storefront', price: 1, unitPrice: 1 },
      ],
      amount: 100,
      total: 1,
      totals: { total: 1 },
      discountAmount: 99999,
    });
    const res = await place(tampered);
    expect(res.status).toBe(201);
    expect(res.body.totals).toEqual({ subtotal: 12000, discount: 0, shipping: 1599, tax: 960, total: 14559 });
  });

  it('prices each cart line from the channel it was shown from', async () => {
    const res = await place(
      order({
        checkout: 'cart',
        lines: [
          { productId: 'bpc-157', dose: '10mg', quantity: 2, channel: 'storefront' },
          { productId: 'bacteriostatic-water', dose: '30ml', quantity: 1, channel: 'catalogue' },
          { productId: 'bpc-157', dose: '10mg', quantity: 1, channel: 'catalogue' },
        ],
      }),
    );
    expect(res.body.totals.subtotal).toBe(2 * 8500 + 1599 + 7999);
  });

  it('creates one order for one Idempotency-Key, however often and however fast it is sent', async () => {
    const before = await orderCount();
    const first = await place(order(), 'double-submit-0001');
    const again = await place(order(), 'double-submit-0001');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const racing = await Promise.all([1, 2, 3].map(() => place(order(), 'racing-submit-0001')));
    expect(new Set(racing.map((r) => r.body.orderId)).size).toBe(1);
    expect(await orderCount()).toBe(before + 2);
  });

  it("never hands one client another client's order, whatever key and details it sends", async () => {
    const fromClient = (client: string) =>
      request(checkout.app)
        .post('/orders')
        .set('x-forwarded-for', client)
        .set('Idempotency-Key', 'same-details-0001')
        .send(order());
    const mine = await fromClient('203.0.113.31');
    const theirs = await fromClient('203.0.113.32');
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.orderId).not.toBe(mine.body.orderId);
    expect(theirs.body.url).not.toBe(mine.body.url);
    expect((await fromClient('203.0.113.31')).body.orderId).toBe(mine.body.orderId);
  });

  it('refuses an Idempotency-Key reused for a different order', async () => {
    await place(order(), 'reused-key-00001');
    const res = await place(
      order({ lines: [{ productId: 'semax', dose: '10mg', quantity: 1, channel: 'storefront' }] }),
      'reused-key-00001',
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('This Idempotency-Key was already used for a different order.');
  });

  // PGlite runs in this process: there is no connection to cut.
  (kind === 'postgres' ? it : it.skip)(
    'a keyed order whose database connection is cut mid-way (a restart) is made once the database answers, charged once',
    async () => {
      const before = await orderCount();
      // One affiliate-code attempt allowed: the order's re-run after the cut must not count as a second.
      const oneCodeAttempt = harness.sameDatabaseApp({
        limits: {
          ...roomyLimits(),
          affiliateAttempts: new Limiter('affiliate-attempts', { limit: 1, windowMs: 60_000 }),
        },
      });
      const withCode = order({ affiliateCode: 'RESEARCH10' });
      // The orders table locked, the order's INSERT waits on it; its session is then terminated, as a
      // PostgreSQL restart terminates every session, and the lock released.
      let sent: Promise<request.Response> | undefined;
      await checkout.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE orders IN EXCLUSIVE MODE');
        sent = request(oneCodeAttempt)
          .post('/orders')
          .set('Idempotency-Key', 'cut-connection-0001')
          .send(withCode)
          .then((res) => res);
        let waiting: number[] = [];
        for (let tries = 0; waiting.length === 0 && tries < 200; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          const rows = await tx.query<{ pid: number }>(
            "SELECT pid FROM pg_locks WHERE relation = 'orders'::regclass AND NOT granted",
          );
          waiting = rows.rows.map((row) => row.pid);
        }
        expect(waiting).toHaveLength(1);
        await tx.query('SELECT pg_terminate_backend($1)', [waiting[0]]);
      });
      const answer = await sent!;
      expect(answer.status).toBe(201);
      expect(answer.body.totals.discount).toBeGreaterThan(0);
      expect(await orderCount()).toBe(before + 1);
      const again = await place(withCode, 'cut-connection-0001');
      expect(again.body.orderId).toBe(answer.body.orderId);
    },
  );

  it.each([
    [
      order({ customer: { ...researcher, phoneNumber: '' } }),
      'Missing Information',
      'Please fill in all required fields including shipping address.',
    ],
    [
      order({ checkout: 'quick', shipping: undefined, customer: { ...researcher, email: '' } }),
      'Missing Information',
      'Please fill in all required fields.',
    ],
    [
      order({ shipping: { ...address, zipCode: ' ' } }),
      'Missing Information',
      'Please fill in all required fields including shipping address.',
    ],
    [order({ agreeToAge: false }), 'Agreement Required', 'Please agree to all terms and conditions.'],
    [order({ affiliateCode: 'NOT-A-CODE' }), 'Invalid Code', 'The affiliate code you entered is not valid.'],
  ])('refuses %#: "%s" and stores nothing', async (body, title, detail) => {
    const before = await orderCount();
    const res = await place(body);
    expect([400, 422]).toContain(res.status);
    expect(res.body).toMatchObject({ title, detail });
    expect(await orderCount()).toBe(before);
  });

  it('refuses what a channel does not sell (never priced at 0) and stores nothing', async () => {
    const before = await orderCount();
    const res = await place(
      order({ lines: [{ productId: 'bpc-157', dose: '20mg', quantity: 1, channel: 'storefront' }] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('No price for "bpc-157" 20mg in the storefront price list.');
    expect(await orderCount()).toBe(before);
  });

  it('says prices cannot be confirmed when the catalog is down, and stores nothing', async () => {
    const offline = await checkoutWithCatalogDown(kind, roomyLimits());
    const res = await request(offline.app).post('/orders').send(order());
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe('Prices cannot be confirmed right now. Please try again shortly.');
    expect(
      Number((await offline.db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n),
    ).toBe(0);
    await offline.dispose();
  });

  it('tells the success page the order number and status only', async () => {
    const placed = await place(order());
    const res = await request(checkout.app).get(`/orders/${placed.body.orderId}`);
    expect(res.body).toEqual({ orderNumber: placed.body.orderNumber, status: 'pending_payment' });
    expect((await request(checkout.app).get('/orders/00000000-0000-0000-0000-000000000000')).status).toBe(
      404,
    );
    expect((await request(checkout.app).get('/orders/not-an-id')).status).toBe(404);
  });
});

describe('per-client limits on order creation', () => {
  let checkout: TestService;
  beforeAll(async () => {
    checkout = await checkoutWithCatalogDown(
      'pglite',
      {
        orders: new Limiter('orders', { limit: 3, windowMs: 60_000 }),
        affiliateAttempts: new Limiter('affiliate-attempts', { limit: 2, windowMs: 60_000 }),
        quotes: new Limiter('cart-quotes', { limit: 6, windowMs: 60_000 }),
        newCarts: new Limiter('new-carts', { limit: 6, windowMs: 60_000 }),
      },
      'loopback',
    );
    await addAffiliate(checkout.db, DEMO_AFFILIATE);
  });
  afterAll(() => checkout.dispose());

  const from = (client: string, body: unknown) =>
    request(checkout.app)
      .post('/orders')
      .set('x-forwarded-for', client)
      .send(body as object);

  it('refuses a client its fourth order in the window with 429 and Retry-After; others are unaffected', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await from('198.51.100.20', order())).status);
    expect(statuses).toEqual([503, 503, 503, 429]);
    const refused = await from('198.51.100.20', order());
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/^Too many orders\. Please wait \d+ seconds and try again\.$/);
    expect((await from('198.51.100.21', order())).status).toBe(503);
  });

  it('counts affiliate codes tried through orders on the lookup budget, so codes cannot be guessed there', async () => {
    const guesses = [];
    for (const code of ['GUESS1', 'GUESS2', 'RESEARCH10']) {
      guesses.push((await from('198.51.100.30', order({ affiliateCode: code }))).status);
    }
    expect(guesses).toEqual([422, 422, 429]);
  });

  it('charges codes guessed through cart quotes to the same budget, but not the applied code sent again', async () => {
    const quote = (client: string, affiliateCode: string) =>
      request(checkout.app)
        .post('/cart/quote')
        .set('x-forwarded-for', client)
        .send({ lines: order().lines, affiliateCode });
    // The catalog is down, so a known code gets as far as pricing (503), however often it is sent.
    const applied = [];
    for (let i = 0; i < 4; i++) applied.push((await quote('198.51.100.40', 'RESEARCH10')).status);
    expect(applied).toEqual([503, 503, 503, 503]);
    const guesses = [];
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3'])
      guesses.push((await quote('198.51.100.41', code)).status);
    expect(guesses).toEqual([422, 422, 429]);
  });

  it('limits the carts one client has priced, each a call to the catalog; others are unaffected', async () => {
    const quote = (client: string) =>
      request(checkout.app).post('/cart/quote').set('x-forwarded-for', client).send({ lines: order().lines });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await quote('198.51.100.50')).status);
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503, 429]);
    const refused = await quote('198.51.100.50');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/^Too many cart price checks\. Please wait \d+ seconds/);
    expect((await quote('198.51.100.51')).status).toBe(503);
  });
});
