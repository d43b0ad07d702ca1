import { randomUUID } from 'node:crypto';
import { openAccounts, type AccountsFixture } from '@storefront/account-service/testing';
import { formatUsd } from '@storefront/commerce';
import { SERVER_SESSION_COOKIE } from '@storefront/commerce/account';
import { formatOrderDate, type AccountOrder } from '@storefront/commerce/checkout';
import { pdfText } from '@storefront/documents/testing';
import { testDatabaseKinds } from '@storefront/server-kit/testing';
import request from 'supertest';
import { stateOf } from '../src/domain/account-orders';
import { listAccountOrders } from '../src/store/account-orders-store';
import { address, HARNESS_START_MS, openCheckoutHarness, researcher, type CheckoutHarness } from './harness';

const orderBy = (email: string, quantity: number, affiliateCode?: string) => ({
  checkout: 'cart',
  lines: [
    { productId: 'semax', dose: '10mg', quantity, channel: 'storefront' },
    { productId: 'bpc-157', dose: '10mg', quantity: 1, channel: 'storefront' },
  ],
  customer: { ...researcher, email },
  shipping: { ...address, country: 'United States' },
  agreeToTerms: true,
  agreeToAge: true,
  ...(affiliateCode ? { affiliateCode } : {}),
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A researcher's orders, with a real account service saying whose a session is: the orders placed
 * signed in, and those placed with the account's confirmed email; no one else's, and another's order
 * number is the same not-found as one that does not exist.
 */
describe.each(testDatabaseKinds())("an account's orders on %s", (kind) => {
  let accounts: AccountsFixture;
  let harness: CheckoutHarness;
  let owner: Awaited<ReturnType<AccountsFixture['signedIn']>>;
  let stranger: Awaited<ReturnType<AccountsFixture['signedIn']>>;
  const placed: Record<
    'signedIn' | 'byEmail' | 'others',
    { orderId: string; orderNumber: string; url: string; totals: { total: number } }
  > = {} as never;

  const place = (body: object, token?: string) => {
    const call = request(harness.checkout.app).post('/orders').set('Idempotency-Key', randomUUID());
    return (token ? call.set('authorization', `Bearer ${token}`) : call).send(body);
  };
  const asOwner = (path: string, token = owner.token) =>
    request(harness.checkout.app).get(path).set('authorization', `Bearer ${token}`);

  beforeAll(async () => {
    accounts = await openAccounts(kind);
    harness = await openCheckoutHarness(kind, { accounts });
    [owner, stranger] = await Promise.all([accounts.signedIn('owner'), accounts.signedIn('stranger')]);
    // Placed signed in, with another email; then as a guest with the account's email (upper-cased); and
    // someone else's guest order.
    const first = await place(orderBy('lab-office@lab.example', 2, 'RESEARCH10'), owner.token);
    if (first.status !== 201) throw new Error(JSON.stringify(first.body));
    placed.signedIn = first.body;
    placed.byEmail = (await place(orderBy(owner.email.toUpperCase(), 1))).body;
    placed.others = (await place(orderBy('someone@else.example', 1))).body;
    const link = new URL(placed.signedIn.url).pathname.split('/').pop()!;
    const paid = await request(harness.sandboxUrl)
      .post(`/pay/${link}`)
      .type('form')
      .send({ cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', postalCode: '85281' });
    expect(paid.status).toBe(303);
    await eventually(
      () =>
        request(harness.checkout.app)
          .get(`/orders/${placed.signedIn.orderId}`)
          .then((res) => res.body.status),
      (status) => status === 'paid',
    );
  }, HARNESS_START_MS);
  afterAll(async () => {
    await harness?.dispose();
    await accounts?.dispose();
  });

  it('lists the orders placed signed in and with the confirmed email, newest first, with their states', async () => {
    const res = await asOwner('/account/orders');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ page: 1, pages: 1 });
    expect(res.body.orders).toEqual([
      {
        orderNumber: placed.byEmail.orderNumber,
        placedAt: expect.any(String),
        state: 'awaiting_payment',
        lines: [
          { name: expect.any(String), dose: '10mg', quantity: 1 },
          { name: expect.any(String), dose: '10mg', quantity: 1 },
        ],
        total: placed.byEmail.totals.total,
      },
      expect.objectContaining({
        orderNumber: placed.signedIn.orderNumber,
        state: 'paid',
        total: placed.signedIn.totals.total,
      }),
    ]);
    expect((await asOwner('/account/orders?page=2')).body).toEqual({ page: 2, pages: 1, orders: [] });
  });

  it('shows one order whole, found by its number in any case', async () => {
    const res = await asOwner(`/account/orders/${placed.signedIn.orderNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({
      orderNumber: placed.signedIn.orderNumber,
      state: 'paid',
      paidAt: expect.any(String),
      refunded: 0,
      affiliateCode: 'RESEARCH10',
      discountRate: 0.1,
      customer: { email: 'lab-office@lab.example', firstName: 'Ada' },
      shipping: { city: 'Tempe', country: 'United States' },
      totals: { total: placed.signedIn.totals.total },
    });
    expect(res.body.lines[0]).toMatchObject({ productId: 'semax', dose: '10mg', quantity: 2 });
    expect(res.body.lines[0].lineTotal).toBe(res.body.lines[0].unitPrice * 2);
  });

  it("answers another's order, a number no order has and one that cannot be a number the same 404", async () => {
    const answers = await Promise.all(
      [
        asOwner(`/account/orders/${placed.others.orderNumber}`),
        asOwner(`/account/orders/${placed.signedIn.orderNumber}`, stranger.token),
        asOwner(`/account/orders/${placed.signedIn.orderNumber}/invoice.pdf`, stranger.token),
        asOwner('/account/orders/ORD-00000000'),
        asOwner('/account/orders/%3Cscript%3E'),
      ].map((call) => call.then((res) => ({ status: res.status, title: res.body.title }))),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 404, title: 'Order not found' });
    expect((await asOwner('/account/orders', stranger.token)).body.orders).toEqual([]);
  });

  it('asks for a session: none, a forged one, or one that ended is told to sign in', async () => {
    const ended = await accounts.signedIn('ended');
    await fetch(`${accounts.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ended.token}`, apikey: accounts.anonKey },
    });
    const none = await request(harness.checkout.app).get('/account/orders');
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('Please sign in to see your orders.');
    for (const token of ['forged.token.value', ended.token])
      expect((await asOwner('/account/orders', token)).status).toBe(401);
  });

  it('refuses a page that is not a whole number from 1, saying so', async () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      const res = await asOwner(`/account/orders?page=${page}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('The page must be a whole number from 1.');
    }
  });

  /** An invoice as the researcher downloads it (by the server's session cookie), and its text. */
  async function invoiceOf(orderNumber: string) {
    const res = await request(harness.checkout.app)
      .get(`/account/orders/${orderNumber}/invoice.pdf`)
      .set('cookie', `${SERVER_SESSION_COOKIE}=${owner.token}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const order = (await asOwner(`/account/orders/${orderNumber}`)).body as AccountOrder;
    return { res, order, ...(await pdfText(res.body as Buffer)) };
  }
  /** A row of the invoice: its words in order, whatever the spacing a reader puts between cells. */
  const row = (...cells: string[]) =>
    new RegExp(cells.map((cell) => cell.replace(/[$.()|+]/g, '\\$&')).join('\\s+'));

  it('gives the invoice as a PDF: seller, buyer, where it went, each line, discount, shipping, tax, total, paid', async () => {
    const { res, order, text, title } = await invoiceOf(placed.signedIn.orderNumber);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Invoice-${placed.signedIn.orderNumber}.pdf"`,
    );
    expect(title).toBe(`Invoice ${placed.signedIn.orderNumber}`);
    const { totals } = order;
    for (const expected of [
      row('Helix Research'),
      row('Invoice'),
      row('Order number', placed.signedIn.orderNumber),
      row('Order date', formatOrderDate(order.placedAt)),
      row('Status', `Paid on ${formatOrderDate(order.paidAt!)}`),
      row('Seller', 'Helix Research, research peptides'),
      row('Buyer', 'Ada Lovelace'),
      row('Email', 'lab-office@lab.example'),
      row('Phone', '555-0100'),
      row('Ship to', '1 Lab Way'),
      row('Tempe, AZ 85281'),
      row('United States'),
      row('Item', 'Qty', 'Unit price', 'Amount'),
      ...order.lines.map((line) =>
        row(
          `${line.name} ${line.dose} (${line.sku})`,
          String(line.quantity),
          formatUsd(line.unitPrice),
          formatUsd(line.lineTotal),
        ),
      ),
      row('Subtotal', formatUsd(totals.subtotal)),
      row('Discount (RESEARCH10, 10%)', formatUsd(-totals.discount)),
      row('Shipping', formatUsd(totals.shipping)),
      row('Tax', formatUsd(totals.tax)),
      row('Total', formatUsd(totals.total)),
      row('For research use only. Not for human or veterinary use.'),
    ])
      expect(text).toMatch(expected);
    expect(text).not.toContain('Refunded');
  });

  it('shows a refund on the order and its invoice: a part of it, then the whole, which makes it refunded', async () => {
    // As the refund webhooks leave a paid order (services/checkout/test/payments.test.ts makes them).
    const refund = (cents: number, whole: boolean) =>
      harness.checkout.db.query(
        `UPDATE orders SET refunded_cents = $2, reversed_at = CASE WHEN $3::boolean THEN now() END WHERE order_number = $1`,
        [placed.signedIn.orderNumber, cents, whole],
      );
    await refund(500, false);
    const part = await invoiceOf(placed.signedIn.orderNumber);
    expect(part.order).toMatchObject({ state: 'paid', refunded: 500 });
    expect(part.text).toMatch(row('Refunded', '-$5.00'));
    await refund(placed.signedIn.totals.total, true);
    const whole = await invoiceOf(placed.signedIn.orderNumber);
    expect(whole.order).toMatchObject({ state: 'refunded', refunded: placed.signedIn.totals.total });
    expect(whole.text).toMatch(row('Status', `Paid on ${formatOrderDate(whole.order.paidAt!)}; refunded`));
    expect(whole.text).toMatch(row('Refunded', formatUsd(-placed.signedIn.totals.total)));
    await harness.checkout.db.query(
      'UPDATE orders SET refunded_cents = 0, reversed_at = NULL WHERE order_number = $1',
      [placed.signedIn.orderNumber],
    );
  });

  it('says an invoice not yet paid is unpaid, and shows no discount it did not have', async () => {
    const { text, order } = await invoiceOf(placed.byEmail.orderNumber);
    expect(text).toMatch(row('Status', 'Unpaid (awaiting payment)'));
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Paid on');
    expect(text).toMatch(row('Total', formatUsd(order.totals.total)));
  });

  it("puts an order's lines in the cart at today's prices, saying what changed and leaving out what is no longer sold", async () => {
    const bought = await place(orderBy('lab-office@lab.example', 2), owner.token);
    // As bought then: the semax at a dollar less than today, and a dose of BPC-157 the catalog no longer sells.
    await harness.checkout.db.query(
      `UPDATE order_lines SET unit_price_cents = unit_price_cents - 100, line_total_cents = (unit_price_cents - 100) * quantity
        WHERE order_id = $1 AND product_id = 'semax'`,
      [bought.body.orderId],
    );
    await harness.checkout.db.query(
      "UPDATE order_lines SET dose = '999mg' WHERE order_id = $1 AND product_id = 'bpc-157'",
      [bought.body.orderId],
    );
    const today = (await asOwner(`/account/orders/${bought.body.orderNumber}`)).body.lines[0]
      .unitPrice as number;
    const reorder = (token?: string) => {
      const call = request(harness.checkout.app).post('/cart/reorder');
      return (token ? call.set('authorization', `Bearer ${token}`) : call).send({
        orderNumber: bought.body.orderNumber,
      });
    };
    const res = await reorder(owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: 1,
      changes: [
        { name: expect.any(String), dose: '10mg', was: today, now: today + 100 },
        { name: expect.any(String), dose: '999mg', was: expect.any(Number), now: null },
      ],
    });
    const cartCookie = (res.headers['set-cookie'] as unknown as string[]).find((line) =>
      line.startsWith('storefront-cart='),
    )!;
    const cart = await request(harness.checkout.app).get('/cart').set('cookie', cartCookie.split(';')[0]!);
    expect(cart.body.items).toEqual([
      expect.objectContaining({ productId: 'semax', variant: '10mg', quantity: 2, price: today + 100 }),
    ]);
    expect((await reorder(stranger.token)).status).toBe(404);
    expect((await reorder()).status).toBe(401);
    const malformed = await request(harness.checkout.app)
      .post('/cart/reorder')
      .set('authorization', `Bearer ${owner.token}`)
      .send({ orderNumber: 'ORD-<script>' });
    expect(malformed.status).toBe(400);
  });

  it("puts an order again into the researcher's own cart: the cart a claim of this browser's names too", async () => {
    const cookieOf = (res: request.Response) =>
      (res.headers['set-cookie'] as unknown as string[])
        .find((line) => line.startsWith('storefront-cart='))!
        .split(';')[0]!;
    // The page's cart claims the account's cart while Order again is on its way, neither knowing the other.
    const claimed = await request(harness.checkout.app)
      .post('/cart/owner')
      .set('authorization', `Bearer ${owner.token}`);
    const reordered = await request(harness.checkout.app)
      .post('/cart/reorder')
      .set('authorization', `Bearer ${owner.token}`)
      .send({ orderNumber: placed.byEmail.orderNumber });
    expect(reordered.body.added).toBe(2);
    expect(cookieOf(reordered)).toBe(cookieOf(claimed));
    const cart = await request(harness.checkout.app).get('/cart').set('cookie', cookieOf(claimed));
    expect(cart.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: 'semax', variant: '10mg' }),
        expect.objectContaining({ productId: 'bpc-157', variant: '10mg' }),
      ]),
    );
  });

  it("counts an email as the account's only once it is confirmed", async () => {
    const unconfirmed = await listAccountOrders(
      harness.checkout.db,
      { accountId: owner.accountId, confirmedEmail: null },
      { limit: 10, offset: 0 },
    );
    const numbers = unconfirmed.orders.map((order) => order.order_number);
    expect(numbers).toContain(placed.signedIn.orderNumber);
    expect(numbers).not.toContain(placed.byEmail.orderNumber);
  });
});

describe("an order's state in words", () => {
  const row = (status: 'pending_payment' | 'paid', reversed: boolean, refundedCents: number) => ({
    status,
    reversed_at: reversed ? new Date() : null,
    refunded_cents: String(refundedCents),
  });
  it('is awaiting payment, paid, refunded or cancelled', () => {
    expect(stateOf(row('pending_payment', false, 0))).toBe('awaiting_payment');
    expect(stateOf(row('paid', false, 0))).toBe('paid');
    // A part refunded, the order stands: still paid (the refund is shown beside it).
    expect(stateOf(row('paid', false, 500))).toBe('paid');
    expect(stateOf(row('paid', true, 12_000))).toBe('refunded');
    expect(stateOf(row('paid', true, 0))).toBe('cancelled');
  });
});
