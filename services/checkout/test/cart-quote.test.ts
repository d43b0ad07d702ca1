import { cartQuoteSchema, placedOrderSchema } from '@storefront/commerce/checkout';
import { testDatabaseKinds, type TestService } from '@storefront/server-kit/testing';
import request from 'supertest';
import { Limiter } from '@storefront/server-kit';
import {
  address,
  HARNESS_START_MS,
  openCheckoutHarness,
  researcher,
  roomyLimits,
  type CheckoutHarness,
} from './harness';

const cartLines = [
  { productId: 'retatrutide', dose: '10mg', quantity: 2, channel: 'storefront' },
  { productId: 'tb-500', dose: '5mg', quantity: 1, channel: 'storefront' },
];
const RETATRUTIDE_10MG = "channel = 'storefront' AND product_id = 'retatrutide' AND dose = '10mg'";

describe.each(testDatabaseKinds())('cart quotes on %s', (kind) => {
  let harness: CheckoutHarness;
  let checkout: TestService;
  beforeAll(async () => {
    harness = await openCheckoutHarness(kind);
    checkout = harness.checkout;
  }, HARNESS_START_MS);
  afterAll(() => harness?.dispose());

  const quote = async (body: object) => {
    const res = await request(checkout.app).post('/cart/quote').send(body);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return cartQuoteSchema.parse(res.body);
  };
  const placeCartOrder = (expectedTotal: number, key: string) =>
    request(checkout.app).post('/orders').set('Idempotency-Key', key).send({
      checkout: 'cart',
      lines: cartLines,
      affiliateCode: 'RESEARCH10',
      customer: researcher,
      shipping: address,
      agreeToTerms: true,
      agreeToAge: true,
      expectedTotal,
    });
  const orderCount = async () =>
    Number((await checkout.db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n);

  it('prices a cart line by line with the discount, shipping, tax and total an order of it would charge', async () => {
    const quoted = await quote({ lines: cartLines, affiliateCode: ' research10 ' });
    expect(quoted.lines).toEqual([
      { ...cartLines[0], name: 'Retatrutide', unitPrice: 14000, lineTotal: 28000 },
      { ...cartLines[1], name: 'TB-500', unitPrice: 6000, lineTotal: 6000 },
    ]);
    expect(quoted.totals).toEqual({
      subtotal: 34000,
      discount: 3400,
      discountedSubtotal: 30600,
      shipping: 0,
      tax: 2448,
      total: 33048,
    });
    expect(quoted.discountRate).toBe(0.1);
    const placed = await placeCartOrder(quoted.totals.total, 'quote-matches-order');
    expect(placed.status).toBe(201);
    expect(placedOrderSchema.parse(placed.body).totals.total).toBe(quoted.totals.total);
  });

  it('refuses an unknown affiliate code, and a cart that is empty, too long or not sold', async () => {
    const unknown = await request(checkout.app)
      .post('/cart/quote')
      .send({ lines: cartLines, affiliateCode: 'NOPE' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe('The affiliate code you entered is not valid.');
    expect((await request(checkout.app).post('/cart/quote').send({ lines: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => cartLines[0]);
    expect((await request(checkout.app).post('/cart/quote').send({ lines: tooMany })).status).toBe(400);
    const notSold = await request(checkout.app)
      .post('/cart/quote')
      .send({ lines: [{ productId: 'retatrutide', dose: '999mg', quantity: 1, channel: 'storefront' }] });
    expect(notSold.status).toBe(422);
  });

  it('quotes a price changed in the catalog within a second, and refuses an order at the total shown before', async () => {
    const withCode = { lines: cartLines, affiliateCode: 'RESEARCH10' };
    const before = await quote(withCode);
    await harness.catalog.db.query(
      `UPDATE price_list_entries SET price_cents = price_cents + 500 WHERE ${RETATRUTIDE_10MG}`,
    );
    try {
      const changedAt = Date.now();
      let after = await quote(withCode);
      while (after.lines[0]!.unitPrice === before.lines[0]!.unitPrice) {
        expect(Date.now() - changedAt).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
        after = await quote(withCode);
      }
      expect(after.lines[0]!.unitPrice).toBe(before.lines[0]!.unitPrice + 500);
      expect(after.totals.subtotal).toBe(before.totals.subtotal + 1000);

      const ordersBefore = await orderCount();
      const stale = await placeCartOrder(before.totals.total, 'stale-total-order');
      expect(stale.status).toBe(409);
      expect(stale.body.title).toBe('Prices Changed');
      expect(await orderCount()).toBe(ordersBefore);

      const placed = await placeCartOrder(after.totals.total, 'current-total-order');
      expect(placed.status).toBe(201);
      expect(placed.body.totals.total).toBe(after.totals.total);
    } finally {
      await harness.catalog.db.query(
        `UPDATE price_list_entries SET price_cents = price_cents - 500 WHERE ${RETATRUTIDE_10MG}`,
      );
    }
  });

  it('refuses a cart of more than 1,000 vials of one product, over its lines, as an order would be', async () => {
    const res = await request(checkout.app)
      .post('/cart/quote')
      .send({
        lines: [
          { productId: 'bpc-157', dose: '10mg', quantity: 1000, channel: 'storefront' },
          { productId: 'bpc-157', dose: '10mg', quantity: 1, channel: 'catalogue' },
        ],
      });
    expect(res.status).toBe(422);
    expect(res.body.title).toBe('Order Too Large');
  });

  it('refuses every affiliate code alike once a client is out of guesses: on a quote and on a view of the cart', async () => {
    const threeGuesses = harness.sameDatabaseApp({
      limits: {
        ...roomyLimits(),
        affiliateAttempts: new Limiter('affiliate-attempts', { limit: 3, windowMs: 60_000 }),
      },
    });
    const quoteWith = (affiliateCode: string) =>
      request(threeGuesses).post('/cart/quote').send({ lines: cartLines, affiliateCode });
    const guesses = [];
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3', 'GUESS4']) guesses.push((await quoteWith(code)).status);
    expect(guesses).toEqual([422, 422, 422, 429]);
    // A known code is now refused as the guesses are: the answer no longer tells codes apart.
    const known = await quoteWith('RESEARCH10');
    expect(known.status).toBe(429);
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0);
    for (const code of ['RESEARCH10', 'GUESS5']) {
      const view = await request(threeGuesses).get(`/cart?affiliateCode=${code}`);
      expect(view.status).toBe(429);
      expect(view.body.detail).toMatch(/^Too many affiliate code attempts\./);
    }
  });
});
