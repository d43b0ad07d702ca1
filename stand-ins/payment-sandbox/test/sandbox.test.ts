import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@storefront/server-kit/testing';
import { SquareClient, SquareError, WebhooksHelper } from 'square';
import request from 'supertest';
import { createSandbox, type Sandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('payment sandbox, driven by the real square SDK', () => {
  const received: { body: string; signature: string }[] = [];
  let failuresLeft = 2;
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-square-hmacsha256-signature']) });
      res.statusCode = failuresLeft-- > 0 ? 503 : 200;
      res.end();
    });
  });
  let notificationUrl: string;
  let sandbox: Sandbox;
  let sandboxServer: Server;
  let client: SquareClient;
  let baseUrl: string;

  beforeAll(async () => {
    notificationUrl = `${await listen(receiver)}/webhooks/square`;
    sandboxServer = createServer();
    baseUrl = await listen(sandboxServer);
    sandbox = createSandbox(
      loadSandboxConfig({
        SANDBOX_PUBLIC_URL: baseUrl,
        SANDBOX_ACCESS_TOKEN: 'token-1',
        SANDBOX_LOCATION_ID: 'LOC-1',
        SANDBOX_MERCHANT_NAME: 'Research Peptides',
        SANDBOX_WEBHOOK_URL: notificationUrl,
        SANDBOX_WEBHOOK_SIGNATURE_KEY: 'key-1',
        SANDBOX_WEBHOOK_RETRY_MS: '20',
      }),
      silentLogger(),
    );
    sandboxServer.on('request', sandbox.app);
    client = new SquareClient({ token: 'token-1', baseUrl, maxRetries: 0 });
  });
  afterAll(() => {
    for (const server of [receiver, sandboxServer]) {
      server.close();
      server.closeAllConnections();
    }
  });

  const usd = (cents: number) => ({ amount: BigInt(cents), currency: 'USD' as const });
  const linkRequest = (idempotencyKey: string, name = 'Semax') => ({
    idempotencyKey,
    order: {
      locationId: 'LOC-1',
      lineItems: [{ name, variationName: '10mg', quantity: '2', basePriceMoney: usd(8900) }],
      discounts: [
        {
          name: 'Partner - 10% off',
          type: 'FIXED_AMOUNT' as const,
          amountMoney: usd(1780),
          scope: 'ORDER' as const,
        },
      ],
      serviceCharges: [
        { name: 'Shipping', amountMoney: usd(1599), calculationPhase: 'TOTAL_PHASE' as const },
        { name: 'Sales tax (8%)', amountMoney: usd(1282), calculationPhase: 'TOTAL_PHASE' as const },
      ],
    },
    checkoutOptions: { redirectUrl: 'http://shop.test/success?session_id=abc' },
  });
  const squareErrorOf = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SquareError);
    return error as SquareError;
  };

  it("answers payment_link with Square's fields and totals the order like Square", async () => {
    const response = await client.checkout.paymentLinks.create(linkRequest('key-a'));
    expect(response.paymentLink).toMatchObject({
      id: expect.any(String),
      version: 1,
      orderId: expect.any(String),
      url: expect.stringMatching(/\/pay\//),
      longUrl: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(sandbox.book.find(response.paymentLink!.id!)!.receipt.total).toBe(2 * 8900 - 1780 + 1599 + 1282);
  });

  it("needs the bearer token, in Square's error shape", async () => {
    const unauthorised = new SquareClient({
      token: 'wrong',
      baseUrl: baseUrl,
      maxRetries: 0,
    });
    const error = await squareErrorOf(unauthorised.checkout.paymentLinks.create(linkRequest('key-b')));
    expect(error.statusCode).toBe(401);
    expect(error.errors[0]).toMatchObject({ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' });
  });

  it('replays the same key and body, and refuses the same key with another body', async () => {
    const first = await client.checkout.paymentLinks.create(linkRequest('key-c'));
    const again = await client.checkout.paymentLinks.create(linkRequest('key-c'));
    expect(again.paymentLink!.id).toBe(first.paymentLink!.id);
    const error = await squareErrorOf(client.checkout.paymentLinks.create(linkRequest('key-c', 'Other')));
    expect(error.statusCode).toBe(400);
    expect(error.errors[0]).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotency_key' });
  });

  it('names the field of a malformed request', async () => {
    const res = await request(sandbox.app)
      .post('/v2/online-checkout/payment-links')
      .set('authorization', 'Bearer token-1')
      .send({ idempotency_key: 'key-d', order: { location_id: 'LOC-1', line_items: [] } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      category: 'INVALID_REQUEST_ERROR',
      field: 'order.line_items',
    });
  });

  it('shows the receipt with names escaped, a decline for the decline card, and a Cancel back to /cancel', async () => {
    const { paymentLink } = await client.checkout.paymentLinks.create(
      linkRequest('key-e', '<img src=x onerror=alert(1)>'),
    );
    const page = await request(sandbox.app).get(`/pay/${paymentLink!.id}`);
    expect(page.text).toContain('Research Peptides');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; (10mg) × 2');
    expect(page.text).not.toContain('<img');
    for (const amount of ['$178.00', '−$17.80', '$15.99', '$12.82', '$189.01'])
      expect(page.text).toContain(amount);
    expect(page.text).toContain('href="http://shop.test/cancel"');
    const declined = await request(sandbox.app)
      .post(`/pay/${paymentLink!.id}`)
      .type('form')
      .send({ cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvv: '123', postalCode: '1' });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Card declined');
    const expired = await request(sandbox.app)
      .post(`/pay/${paymentLink!.id}`)
      .type('form')
      .send({ cardNumber: '4111111111111111', expiry: '01/20', cvv: '123', postalCode: '1' });
    expect(expired.status).toBe(402);
    expect(expired.text).toContain('Card expired. Try another card.');
    expect(sandbox.book.find(paymentLink!.id!)!.payment).toBeNull();
  });

  it('pays, redirects, and delivers a signed payment.updated until it is acknowledged', async () => {
    const { paymentLink } = await client.checkout.paymentLinks.create(linkRequest('key-f'));
    const paid = await request(sandbox.app)
      .post(`/pay/${paymentLink!.id}`)
      .type('form')
      .send({ cardNumber: '4111111111111111', expiry: '12/30', cvv: '123', postalCode: '1' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe('http://shop.test/success?session_id=abc');
    const delivery = sandbox.webhooks.deliveries.at(-1)!;
    for (let i = 0; i < 100 && !delivery.acknowledged; i++) await new Promise((r) => setTimeout(r, 20));
    expect(delivery).toMatchObject({ acknowledged: true, attempts: 3 });
    const last = received.at(-1)!;
    const event = JSON.parse(last.body);
    expect(event).toMatchObject({
      type: 'payment.updated',
      data: {
        object: {
          payment: { order_id: paymentLink!.orderId, status: 'COMPLETED', total_money: { amount: 18901 } },
        },
      },
    });
    await expect(
      WebhooksHelper.verifySignature({
        requestBody: last.body,
        signatureHeader: last.signature,
        signatureKey: 'key-1',
        notificationUrl,
      }),
    ).resolves.toBe(true);
    expect((await request(sandbox.app).post(`/pay/${paymentLink!.id}`).type('form').send({})).status).toBe(
      409,
    );
  });

  it('refunds a payment through the SDK, announces it with signed refund events, and never gives back more', async () => {
    const { paymentLink } = await client.checkout.paymentLinks.create(linkRequest('key-r'));
    await request(sandbox.app)
      .post(`/pay/${paymentLink!.id}`)
      .type('form')
      .send({ cardNumber: '4111111111111111', expiry: '12/30', cvv: '123', postalCode: '1' });
    const { payment } = (await request(sandbox.app).get(`/sandbox/payment-links/${paymentLink!.id}`))
      .body as {
      payment: { id: string; amount: number };
    };
    // The count the load benchmark reads is still the count, not a link named 'count'.
    expect((await request(sandbox.app).get('/sandbox/payment-links/count')).body).toEqual({
      count: expect.any(Number),
    });
    const refundRequest = {
      idempotencyKey: 'refund-1',
      paymentId: payment.id,
      amountMoney: usd(payment.amount),
    };
    const { refund } = await client.refunds.refundPayment(refundRequest);
    expect(refund).toMatchObject({ status: 'PENDING', paymentId: payment.id, orderId: paymentLink!.orderId });
    // The same key and body is the same refund; a second refund finds nothing left to give back.
    expect((await client.refunds.refundPayment(refundRequest)).refund!.id).toBe(refund!.id);
    const more = await squareErrorOf(
      client.refunds.refundPayment({ ...refundRequest, idempotencyKey: 'refund-2', amountMoney: usd(1) }),
    );
    expect(more.errors[0]).toMatchObject({ code: 'REFUND_AMOUNT_INVALID' });

    const events = sandbox.webhooks.deliveries.filter((delivery) => delivery.type.startsWith('refund.'));
    expect(events.map((delivery) => delivery.type)).toEqual(['refund.created', 'refund.updated']);
    const updated = JSON.parse(events[1]!.body);
    expect(updated.data.object.refund).toMatchObject({
      id: refund!.id,
      status: 'COMPLETED',
      order_id: paymentLink!.orderId,
      amount_money: { amount: payment.amount, currency: 'USD' },
    });
    await expect(
      WebhooksHelper.verifySignature({
        requestBody: events[1]!.body,
        signatureHeader: events[1]!.signature,
        signatureKey: 'key-1',
        notificationUrl,
      }),
    ).resolves.toBe(true);
  });
});
