import { createHmac, randomUUID } from 'node:crypto';
import { testAppSettings, testDatabaseKinds } from '@storefront/server-kit/testing';
import { referralCookieValue } from '../src/routes/referral-cookie';
import request from 'supertest';
import {
  ACCESS_TOKEN,
  address,
  HARNESS_START_MS,
  openCheckoutHarness,
  researcher,
  SIGNATURE_KEY,
  type CheckoutHarness,
} from './harness';

// Sent with the country the form preselects, as the page sends it.
const shippedTo = { ...address, country: 'United States' };
const order = (lines: { productId: string; dose: string; quantity: number }[], affiliateCode?: string) => ({
  checkout: 'product',
  lines: lines.map((line) => ({ ...line, channel: 'storefront' })),
  affiliateCode,
  customer: researcher,
  shipping: shippedTo,
  agreeToTerms: true,
  agreeToAge: true,
});

const sign = (url: string, body: string, key = SIGNATURE_KEY) =>
  createHmac('sha256', key)
    .update(url + body)
    .digest('base64');

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabaseKinds())('Square payments on %s', (kind) => {
  let harness: CheckoutHarness;
  beforeAll(async () => {
    harness = await openCheckoutHarness(kind);
  }, HARNESS_START_MS);
  afterAll(() => harness?.dispose());

  const place = (body: unknown, key: string = randomUUID()) =>
    request(harness.checkout.app)
      .post('/orders')
      .set('Idempotency-Key', key)
      .send(body as object);
  const linkIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  const stored = async (orderId: string) =>
    (
      await harness.checkout.db.query<Record<string, unknown>>(
        'SELECT status, paid_at, square_payment_id, square_order_id, payment_link_id, total_cents FROM orders WHERE id = $1',
        [orderId],
      )
    ).rows[0]!;
  const status = (orderId: string) =>
    request(harness.checkout.app)
      .get(`/orders/${orderId}`)
      .then((res) => res.body.status as string);
  const payOnHostedPage = (url: string, cardNumber: string) =>
    request(harness.sandboxUrl)
      .post(`/pay/${linkIdOf(url)}`)
      .type('form')
      .send({ cardNumber, expiry: '12/30', cvv: '123', postalCode: '85281' });
  const deliver = (body: string, signature?: string) => {
    const call = request(harness.checkout.app)
      .post('/webhooks/square')
      .set('content-type', 'application/json');
    return (signature ? call.set('x-square-hmacsha256-signature', signature) : call).send(body);
  };
  const paymentEvent = (
    squareOrderId: string,
    changes: { status?: string; amount?: number; currency?: string | null; eventId?: string } = {},
  ) =>
    JSON.stringify({
      merchant_id: 'M',
      type: 'payment.updated',
      event_id: changes.eventId ?? randomUUID(),
      created_at: new Date().toISOString(),
      data: {
        type: 'payment',
        id: 'PAYMENT-1',
        object: {
          payment: {
            id: `PAY-${randomUUID()}`,
            order_id: squareOrderId,
            status: changes.status ?? 'COMPLETED',
            total_money: {
              amount: changes.amount ?? 0,
              ...(changes.currency === null ? {} : { currency: changes.currency ?? 'USD' }),
            },
          },
        },
      },
    });

  it('sends Square the stored lines, discount, shipping and tax, adding up to our total to the cent', async () => {
    const res = await place(order([{ productId: 'retatrutide', dose: '10mg', quantity: 1 }], 'research10'));
    expect(res.status).toBe(201);
    const link = harness.sandbox.book.find(linkIdOf(res.body.url))!;
    expect(link.request.idempotency_key).toBe(res.body.orderId);
    expect(link.request.order.line_items).toEqual([
      expect.objectContaining({
        name: 'Retatrutide',
        variation_name: '10mg',
        quantity: '1',
        base_price_money: { amount: 14000, currency: 'USD' },
      }),
    ]);
    expect(link.receipt.discounts).toEqual([{ label: 'Research Partner - 10% off', amount: 1400 }]);
    expect(link.receipt.serviceCharges).toEqual([
      { label: 'Shipping', amount: 1599 },
      { label: 'Sales tax (8%)', amount: 1008 },
    ]);
    expect(link.receipt.total).toBe(15207);
    expect(res.body.totals.total).toBe(15207);
    expect(link.request.checkout_options?.redirect_url).toBe(
      `http://shop.test/success?session_id=${res.body.orderId}`,
    );
    expect(link.request.pre_populated_data).toMatchObject({
      buyer_email: 'ada@lab.example',
      buyer_address: { address_line_1: '1 Lab Way', locality: 'Tempe', postal_code: '85281', country: 'US' },
    });
    expect(await stored(res.body.orderId)).toMatchObject({
      status: 'pending_payment',
      payment_link_id: link.id,
      square_order_id: link.orderId,
    });
  });

  it("describes a cart as spec section 7 does: 'Cart Order (N items)' and the comma list", async () => {
    const res = await place({
      ...order([]),
      checkout: 'cart',
      lines: [
        { productId: 'bpc-157', dose: '10mg', quantity: 2, channel: 'storefront' },
        { productId: 'bacteriostatic-water', dose: '30ml', quantity: 1, channel: 'catalogue' },
      ],
    });
    const link = harness.sandbox.book.find(linkIdOf(res.body.url))!;
    expect(link.request.description).toBe(
      'Cart Order (3 items): BPC-157 - 10mg x2, Bacteriostatic Water - 30ml x1',
    );
    expect(link.receipt.total).toBe(res.body.totals.total);
  });

  it('sends a retried payment the same request even after the affiliate is renamed', async () => {
    const body = order([{ productId: 'semax', dose: '10mg', quantity: 1 }], 'RESEARCH10');
    const failed = await request(harness.sameDatabaseApp({ squareDown: true }))
      .post('/orders')
      .set('Idempotency-Key', 'renamed-affiliate-1')
      .send(body);
    expect(failed.status).toBe(502);
    await harness.checkout.db.query(
      "UPDATE affiliates SET name = 'Renamed Partner' WHERE code = 'RESEARCH10'",
    );
    try {
      const retried = await place(body, 'renamed-affiliate-1');
      expect(retried.status).toBe(200);
      const link = harness.sandbox.book.find(linkIdOf(retried.body.url))!;
      expect(link.receipt.discounts).toEqual([{ label: 'Research Partner - 10% off', amount: 890 }]);
    } finally {
      await harness.checkout.db.query(
        "UPDATE affiliates SET name = 'Research Partner' WHERE code = 'RESEARCH10'",
      );
    }
  });

  it('sends no shipping charge from 250.00 after the discount', async () => {
    const res = await place(order([{ productId: 'retatrutide', dose: '20mg', quantity: 2 }], 'RESEARCH10'));
    const link = harness.sandbox.book.find(linkIdOf(res.body.url))!;
    expect(link.receipt.serviceCharges).toEqual([{ label: 'Sales tax (8%)', amount: 2866 }]);
    expect(link.receipt.total).toBe(38686);
  });

  it('is paid on the hosted page, confirmed by the signed webhook, and shows as paid', async () => {
    const res = await place(order([{ productId: 'semax', dose: '10mg', quantity: 1 }]));
    const paid = await payOnHostedPage(res.body.url, '4111 1111 1111 1111');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`http://shop.test/success?session_id=${res.body.orderId}`);
    expect(
      await eventually(
        () => status(res.body.orderId),
        (s) => s === 'paid',
      ),
    ).toBe('paid');
    const delivery = harness.sandbox.webhooks.deliveries.at(-1)!;
    expect(delivery.acknowledged).toBe(true);
  });

  it('makes the same order, sent again once paid, a new order with a payment page of its own', async () => {
    const body = order([{ productId: 'tb-500', dose: '5mg', quantity: 2 }]);
    const first = await place(body, 'second-purchase-01');
    const doublePress = await place(body, 'second-purchase-01');
    expect(doublePress.body.orderId).toBe(first.body.orderId);
    await payOnHostedPage(first.body.url, '4111 1111 1111 1111');
    await eventually(
      () => status(first.body.orderId),
      (s) => s === 'paid',
    );
    const second = await place(body, 'second-purchase-01');
    expect(second.status).toBe(201);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await place(body, 'second-purchase-01')).body.orderId).toBe(second.body.orderId);
    expect((await payOnHostedPage(second.body.url, '4111 1111 1111 1111')).status).toBe(303);
  });

  it('leaves the order pending when the card is declined', async () => {
    const res = await place(order([{ productId: 'tb-500', dose: '5mg', quantity: 1 }]));
    const declined = await payOnHostedPage(res.body.url, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Card declined');
    expect(await status(res.body.orderId)).toBe('pending_payment');
  });

  it('refuses unsigned, forged and wrongly addressed notifications, changing nothing', async () => {
    const res = await place(order([{ productId: 'semax', dose: '10mg', quantity: 2 }]));
    const { square_order_id, total_cents } = await stored(res.body.orderId);
    const body = paymentEvent(String(square_order_id), { amount: Number(total_cents) });
    expect((await deliver(body)).status).toBe(401);
    expect((await deliver(body, sign(harness.notificationUrl, body, 'guessed-key'))).status).toBe(401);
    expect((await deliver(body, sign('https://elsewhere.example/webhooks/square', body))).status).toBe(401);
    const tampered = body.replace(String(total_cents), '1');
    expect((await deliver(tampered, sign(harness.notificationUrl, body))).status).toBe(401);
    expect(await stored(res.body.orderId)).toMatchObject({ status: 'pending_payment', paid_at: null });
  });

  it('marks paid once, whatever the number and order of deliveries, and ignores replays', async () => {
    const res = await place(order([{ productId: 'ghk-cu', dose: '50mg', quantity: 1 }]));
    const { square_order_id, total_cents } = await stored(res.body.orderId);
    const squareOrderId = String(square_order_id);
    const approved = paymentEvent(squareOrderId, { status: 'APPROVED', amount: Number(total_cents) });
    const completed = paymentEvent(squareOrderId, { amount: Number(total_cents) });
    const completedAgain = paymentEvent(squareOrderId, { amount: Number(total_cents) });
    const signed = (body: string) => deliver(body, sign(harness.notificationUrl, body));

    expect((await signed(completed)).body.outcome).toBe('paid');
    const first = await stored(res.body.orderId);
    expect((await signed(completed)).body.outcome).toBe('duplicate');
    expect((await signed(completedAgain)).body.outcome).toBe('already_paid');
    expect((await signed(approved)).body.outcome).toBe('not_completed');
    expect(await stored(res.body.orderId)).toEqual(first);
    expect(first.status).toBe('paid');
    // The affiliate program hears of the payment once, whatever Square sent after it.
    const told = await harness.checkout.db.query(
      "SELECT 1 FROM program_events WHERE kind = 'order-paid' AND body ->> 'orderId' = $1",
      [res.body.orderId],
    );
    expect(told.rows).toHaveLength(1);
  });

  it("tells the affiliate program of a paid order, and of its refund once, in the order's own transaction", async () => {
    const followedAt = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const referral = { code: 'RESEARCH10', followedAt: new Date(followedAt), clientKey: 'c'.repeat(22) };
    const res = await place(order([{ productId: 'semax', dose: '10mg', quantity: 2 }], 'RESEARCH10')).set(
      'cookie',
      `storefront-referral=${referralCookieValue(referral, testAppSettings.serviceKey)}`,
    );
    const events = (kind: string) =>
      harness.checkout.db
        .query<{ body: Record<string, unknown> }>(
          "SELECT body FROM program_events WHERE kind = $1 AND body ->> 'orderId' = $2 ORDER BY id",
          [kind, res.body.orderId],
        )
        .then((result) => result.rows.map((row) => row.body));
    expect(await events('order-paid')).toEqual([]);

    await payOnHostedPage(res.body.url, '4111 1111 1111 1111');
    const [paid] = await eventually(
      () => events('order-paid'),
      (found) => found.length > 0,
    );
    const { subtotal, discount } = res.body.totals;
    expect(paid).toEqual({
      orderId: res.body.orderId,
      orderNumber: res.body.orderNumber,
      paidAt: expect.any(String),
      affiliateId: expect.any(String),
      code: 'RESEARCH10',
      referralCode: 'RESEARCH10',
      referralFollowedAt: expect.stringMatching(/^\d{4}-/),
      referralClientKey: 'c'.repeat(22),
      subtotalCents: subtotal - discount,
      email: researcher.email.toLowerCase(),
      // Bought without signing in: no account.
      accountId: null,
      placedAt: expect.any(String),
      totalCents: res.body.totals.total,
    });
    expect(new Date(String(paid!.referralFollowedAt)).getTime()).toBe(followedAt);

    // Refunded as an operator would, through Square's RefundPayment; Square then sends its events.
    const link = await request(harness.sandboxUrl).get(`/sandbox/payment-links/${linkIdOf(res.body.url)}`);
    const refund = () =>
      request(harness.sandboxUrl)
        .post('/v2/refunds')
        .set('authorization', `Bearer ${ACCESS_TOKEN}`)
        .send({
          idempotency_key: `refund-${res.body.orderId}`.slice(0, 45),
          payment_id: link.body.payment.id,
          amount_money: { amount: res.body.totals.total, currency: 'USD' },
        });
    expect((await refund()).body.refund).toMatchObject({ status: 'PENDING', order_id: link.body.orderId });
    expect((await refund()).status).toBe(200);
    const reversed = await eventually(
      () => events('order-reversed'),
      (found) => found.length > 0,
    );
    expect(reversed).toEqual([
      {
        orderId: res.body.orderId,
        reason: 'refunded',
        refundedCents: res.body.totals.total,
        paidCents: res.body.totals.total,
      },
    ]);

    const refundUpdate = harness.sandbox.webhooks.deliveries.find(
      (delivery) => delivery.type === 'refund.updated' && delivery.body.includes(link.body.orderId),
    )!;
    const signed = (body: string) => deliver(body, sign(harness.notificationUrl, body));
    expect((await signed(refundUpdate.body)).body.outcome).toBe('duplicate');
    const cancelled = JSON.stringify({
      type: 'order.updated',
      event_id: randomUUID(),
      data: { type: 'order', object: { order_updated: { order_id: link.body.orderId, state: 'CANCELED' } } },
    });
    expect((await signed(cancelled)).body.outcome).toBe('already_reversed');
    expect(await events('order-reversed')).toHaveLength(1);
  });

  it('takes a referral only from a cookie it signed: one written by hand refers no one', async () => {
    const followedAt = Date.now() - 60_000;
    const handMade = [
      `storefront-referral=RESEARCH10.${followedAt}`,
      `storefront-referral=RESEARCH10.${followedAt}.${'c'.repeat(22)}.${'x'.repeat(43)}`,
      `storefront-referral=${referralCookieValue({ code: 'RESEARCH10', followedAt: new Date(followedAt), clientKey: 'c'.repeat(22) }, 'another key')}`,
    ];
    for (const cookie of handMade) {
      const res = await place(order([{ productId: 'semax', dose: '10mg', quantity: 1 }])).set(
        'cookie',
        cookie,
      );
      expect(res.status).toBe(201);
      const { rows } = await harness.checkout.db.query<{ referral_code: string | null }>(
        'SELECT referral_code FROM orders WHERE id = $1',
        [res.body.orderId],
      );
      expect(rows[0]!.referral_code).toBeNull();
    }
  });

  it('tells the program of a partial refund as the share of the payment it gave back, each refund once', async () => {
    const res = await place(order([{ productId: 'tb-500', dose: '5mg', quantity: 1 }], 'RESEARCH10'));
    await payOnHostedPage(res.body.url, '4111 1111 1111 1111');
    const link = await request(harness.sandboxUrl).get(`/sandbox/payment-links/${linkIdOf(res.body.url)}`);
    const refund = (key: string, amount: number) =>
      request(harness.sandboxUrl)
        .post('/v2/refunds')
        .set('authorization', `Bearer ${ACCESS_TOKEN}`)
        .send({
          idempotency_key: key,
          payment_id: link.body.payment.id,
          amount_money: { amount, currency: 'USD' },
        });
    const reversals = () =>
      harness.checkout.db
        .query<{ body: Record<string, unknown> }>(
          "SELECT body FROM program_events WHERE kind = 'order-reversed' AND body ->> 'orderId' = $1 ORDER BY id",
          [res.body.orderId],
        )
        .then((result) => result.rows.map((row) => row.body));
    const total = res.body.totals.total as number;
    // A merchant refunds a payment the shop has recorded (one that outruns it is the next test's case).
    expect(
      await eventually(
        () => status(res.body.orderId),
        (found) => found === 'paid',
      ),
    ).toBe('paid');

    expect((await refund(`one-dollar-${res.body.orderId}`.slice(0, 45), 100)).status).toBe(200);
    const [partly] = await eventually(reversals, (found) => found.length > 0);
    expect(partly).toEqual({
      orderId: res.body.orderId,
      reason: 'refunded',
      refundedCents: 100,
      paidCents: total,
    });
    const orderRow = () =>
      harness.checkout.db
        .query<{ refunded_cents: string; reversed_at: Date | null }>(
          'SELECT refunded_cents, reversed_at FROM orders WHERE id = $1',
          [res.body.orderId],
        )
        .then((result) => result.rows[0]!);
    const afterOneDollar = await orderRow();
    expect([Number(afterOneDollar.refunded_cents), afterOneDollar.reversed_at]).toEqual([100, null]);

    expect((await refund(`the-rest-${res.body.orderId}`.slice(0, 45), total - 100)).status).toBe(200);
    const all = await eventually(reversals, (found) => found.length > 1);
    expect(all.at(-1)).toEqual({
      orderId: res.body.orderId,
      reason: 'refunded',
      refundedCents: total,
      paidCents: total,
    });
    expect((await orderRow()).reversed_at).not.toBeNull();
    // Square's several events of each refund (created, updated) each counted it once.
    expect(await reversals()).toHaveLength(2);
  });

  it('leaves a refund that outruns its payment unacknowledged, and counts it when Square delivers it again', async () => {
    const res = await place(order([{ productId: 'semax', dose: '10mg', quantity: 1 }]));
    const { square_order_id, total_cents } = await stored(res.body.orderId);
    const refundEvent = JSON.stringify({
      type: 'refund.updated',
      event_id: randomUUID(),
      data: {
        type: 'refund',
        object: {
          refund: {
            id: `REFUND-${randomUUID()}`,
            status: 'COMPLETED',
            order_id: square_order_id,
            amount_money: { amount: 250, currency: 'USD' },
          },
        },
      },
    });
    const signed = (body: string) => deliver(body, sign(harness.notificationUrl, body));

    const early = await signed(refundEvent);
    expect([early.status, early.body.title]).toEqual([409, 'Payment not yet recorded']);
    const payment = paymentEvent(String(square_order_id), { amount: Number(total_cents) });
    expect((await signed(payment)).body.outcome).toBe('paid');
    expect((await signed(refundEvent)).body.outcome).toBe('partly_refunded');
    const { rows } = await harness.checkout.db.query<{ refunded_cents: string }>(
      'SELECT refunded_cents FROM orders WHERE id = $1',
      [res.body.orderId],
    );
    expect(Number(rows[0]!.refunded_cents)).toBe(250);
  });

  it('does not mark paid a payment for less than the order total', async () => {
    const res = await place(order([{ productId: 'igf1-lr3', dose: '1mg', quantity: 1 }]));
    const { square_order_id, total_cents } = await stored(res.body.orderId);
    const body = paymentEvent(String(square_order_id), { amount: Number(total_cents) - 1 });
    const answer = await deliver(body, sign(harness.notificationUrl, body));
    expect(answer.body.outcome).toBe('amount_mismatch');
    expect(await status(res.body.orderId)).toBe('pending_payment');
  });

  it('does not mark paid the right number in another currency, or with no currency named', async () => {
    const res = await place(order([{ productId: 'igf1-lr3', dose: '1mg', quantity: 1 }]));
    const { square_order_id, total_cents } = await stored(res.body.orderId);
    for (const currency of ['JPY', null]) {
      const body = paymentEvent(String(square_order_id), { amount: Number(total_cents), currency });
      const answer = await deliver(body, sign(harness.notificationUrl, body));
      expect(answer.body.outcome).toBe('amount_mismatch');
    }
    expect(await status(res.body.orderId)).toBe('pending_payment');
    const usd = paymentEvent(String(square_order_id), { amount: Number(total_cents) });
    expect((await deliver(usd, sign(harness.notificationUrl, usd))).body.outcome).toBe('paid');
  });

  it('keeps the order pending when Square is down, and a retry makes no second order or link', async () => {
    const count = async () =>
      Number((await harness.checkout.db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n);
    const before = await count();
    const body = order([{ productId: 'bpc-157', dose: '10mg', quantity: 1 }]);
    const failed = await request(harness.sameDatabaseApp({ squareDown: true }))
      .post('/orders')
      .set('Idempotency-Key', 'square-down-retry-1')
      .send(body);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      title: 'Payment Error',
      detail: 'The payment provider is not reachable right now',
    });
    expect(JSON.stringify(failed.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|stack/);
    expect(await count()).toBe(before + 1);
    const { rows } = await harness.checkout.db.query<{
      id: string;
      status: string;
      payment_url: string | null;
    }>('SELECT id, status, payment_url FROM orders ORDER BY created_at DESC LIMIT 1');
    expect(rows[0]).toMatchObject({ status: 'pending_payment', payment_url: null });

    const retried = await place(body, 'square-down-retry-1');
    const again = await place(body, 'square-down-retry-1');
    expect(retried.status).toBe(200);
    expect(retried.body.orderId).toBe(rows[0]!.id);
    expect(again.body.url).toBe(retried.body.url);
    expect(await count()).toBe(before + 1);
  });
});
