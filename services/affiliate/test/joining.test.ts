import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutService } from '@storefront/checkout-service/definition';
import {
  freePort,
  openDefinedService,
  testDatabaseKinds,
  type TestService,
} from '@storefront/server-kit/testing';
import request from 'supertest';
import { apiContract } from '../src/api-contract';
import { affiliateService } from '../src/definition';
import { runOperatorCommand } from '../src/operator-commands';
import { openAccounts, type AccountsFixture } from '@storefront/account-service/testing';

const OPERATOR_TOKEN = 'operator-token-for-the-tests-only';

/**
 * The affiliate service beside a real account service (tokens are checked by asking it, as in every
 * stack), each on a fresh database.
 */
describe.each(testDatabaseKinds())('joining the affiliate program, on %s', (kind) => {
  let accounts: AccountsFixture;
  let affiliates: TestService;
  let app: TestService['app'];
  /** Checkout, with its projection of the codes: it listens only once a test says so (an outage before). */
  let checkout: TestService;
  let checkoutServer: Server | null = null;
  let checkoutUrl: string;

  beforeAll(async () => {
    accounts = await openAccounts(kind);
    checkout = await openDefinedService(kind, checkoutService);
    checkoutUrl = `http://127.0.0.1:${await freePort()}`;
    affiliates = await openDefinedService(kind, affiliateService, {
      ACCOUNT_SERVICE_URL: accounts.url,
      CHECKOUT_SERVICE_URL: checkoutUrl,
      CODE_DELIVERY_INTERVAL_MS: '100',
      AFFILIATE_OPERATOR_TOKEN: OPERATOR_TOKEN,
      APPLICATION_LIMIT_PER_CLIENT: '1000',
      OPERATOR_LIMIT_PER_CLIENT: '40',
    });
    app = affiliates.app;
  }, 60_000);
  afterAll(async () => {
    checkoutServer?.closeAllConnections();
    checkoutServer?.close();
    await affiliates.dispose();
    await checkout.dispose();
    await accounts.dispose();
  });

  /** A confirmed account's access token. */
  const signedIn = async (label: string) => (await accounts.signedIn(label)).token;

  const application = {
    name: 'Dr. Ada Lab',
    channel: 'https://peptide-notes.example',
    promotion: 'A weekly letter.',
  };
  const operator = (req: request.Test) => req.set('authorization', `Bearer ${OPERATOR_TOKEN}`);

  it('takes an application from a signed-in account once, and approval gives it a code of its own', async () => {
    const token = await signedIn('applicant');
    const apply = () =>
      request(app).post('/applications').set('authorization', `Bearer ${token}`).send(application);

    const applied = await apply();
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({
      status: 'applied',
      name: 'Dr. Ada Lab',
      code: null,
      commissionRate: 0.1,
    });
    expect(apiContract['POST /applications'].safeParse(applied.body).success).toBe(true);
    expect((await apply()).body).toMatchObject({ status: 409, title: 'Already applied' });

    const pending = await operator(request(app).get('/operator/affiliates?status=applied'));
    const mine = (pending.body.affiliates as { id: string; name: string }[]).find(
      (a) => a.name === 'Dr. Ada Lab',
    )!;
    const approved = await operator(request(app).post(`/operator/affiliates/${mine.id}/approve`));
    expect(approved.status).toBe(200);
    expect(approved.body.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);

    const standing = await request(app).get('/me').set('authorization', `Bearer ${token}`);
    expect(apiContract['GET /me'].safeParse(standing.body).success).toBe(true);
    expect(standing.body).toEqual({
      status: 'approved',
      name: 'Dr. Ada Lab',
      code: approved.body.code,
      commissionRate: 0.1,
      appliedAt: expect.any(String),
      figures: expect.objectContaining({ clicks: 0, orders: 0, referredOrders: [] }),
    });
    const again = await operator(request(app).post(`/operator/affiliates/${mine.id}/decline`));
    expect(again.body).toMatchObject({ status: 409, title: 'Already decided' });
  });

  it("puts an approved code into checkout's hands, once checkout is back if it was down", async () => {
    const token = await signedIn('discount');
    await request(app)
      .post('/applications')
      .set('authorization', `Bearer ${token}`)
      .send({ ...application, name: 'Discount Lab' });
    const list = await operator(request(app).get('/operator/affiliates?status=applied'));
    const id = (list.body.affiliates as { id: string; name: string }[]).find(
      (a) => a.name === 'Discount Lab',
    )!.id;
    // Checkout is not listening yet: the approval stands, and its code waits for checkout.
    const approved = await operator(request(app).post(`/operator/affiliates/${id}/approve`));
    expect(approved.status).toBe(200);

    checkoutServer = createServer(checkout.app).listen(Number(new URL(checkoutUrl).port), '127.0.0.1');
    await once(checkoutServer, 'listening');
    const lookup = () => request(checkout.app).post('/affiliates/lookup').send({ code: approved.body.code });
    const deadline = Date.now() + 10_000;
    let answer = await lookup();
    while (answer.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await lookup();
    }
    expect(answer.text).not.toContain(id);
    expect(answer.body).toEqual({
      code: approved.body.code,
      affiliateId: expect.stringMatching(/^aff_/),
      affiliateName: 'Discount Lab',
      discountRate: 0.1,
    });
  });

  it('declines an application, and says so to its account', async () => {
    const token = await signedIn('declined');
    const applied = await request(app)
      .post('/applications')
      .set('authorization', `Bearer ${token}`)
      .send({ ...application, name: 'Spam Co' });
    const list = await operator(request(app).get('/operator/affiliates?status=applied'));
    const id = (list.body.affiliates as { id: string; name: string }[]).find((a) => a.name === 'Spam Co')!.id;
    expect(applied.status).toBe(201);
    expect((await operator(request(app).post(`/operator/affiliates/${id}/decline`))).body.status).toBe(
      'declined',
    );
    expect((await request(app).get('/me').set('authorization', `Bearer ${token}`)).body).toMatchObject({
      status: 'declined',
      code: null,
    });
  });

  it('refuses control characters an operator would read in a terminal, and keeps line breaks where text runs on', async () => {
    const token = await signedIn('escapes');
    const hostile = await request(app)
      .post('/applications')
      .set('authorization', `Bearer ${token}`)
      .send({ ...application, name: 'Ada\u001b[2K\rFAKE approved', channel: 'https://a.example\nrow' });
    expect(hostile.status).toBe(400);
    expect(hostile.body.errors).toEqual([
      { field: 'name', message: 'Contains characters that are not allowed.' },
      { field: 'channel', message: 'Contains characters that are not allowed.' },
    ]);
    const letter = await request(app)
      .post('/applications')
      .set('authorization', `Bearer ${token}`)
      .send({ ...application, name: 'Escapes Lab', promotion: 'A weekly letter.\r\n\tTo 2,000 labs.' });
    expect(letter.status).toBe(201);
  });

  it('refuses an application without a live session, and names each missing field', async () => {
    const anonymous = await request(app).post('/applications').send(application);
    expect(anonymous.status).toBe(401);
    const forged = await request(app)
      .post('/applications')
      .set('authorization', 'Bearer forged')
      .send(application);
    expect(forged.status).toBe(401);

    const token = await signedIn('incomplete');
    const incomplete = await request(app)
      .post('/applications')
      .set('authorization', `Bearer ${token}`)
      .send({ name: '  ', channel: 'x'.repeat(301) });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors).toEqual([
      { field: 'name', message: 'Enter your name.' },
      { field: 'channel', message: 'Keep your website or channel under 300 characters.' },
      { field: 'promotion', message: 'This field is required.' },
    ]);
    expect((await request(app).get('/me').set('authorization', `Bearer ${token}`)).body).toEqual({
      status: 'none',
    });
  });

  it('lets an operator list, approve and decline from the command line, through the running service', async () => {
    const server = createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const endpoint = {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: OPERATOR_TOKEN,
    };
    const command = (...args: string[]) => runOperatorCommand(args, endpoint);
    try {
      const token = await signedIn('command-line');
      await request(app)
        .post('/applications')
        .set('authorization', `Bearer ${token}`)
        .send({ ...application, name: 'Command Line Lab' });
      const line = (await command('list', 'applied'))
        .split('\n')
        .find((entry) => entry.includes('Command Line Lab'))!;
      const id = line.split(' ', 1)[0]!;
      expect(line).toMatch(/ applied +- +10% +Command Line Lab +https:\/\/peptide-notes\.example$/);

      expect(await command('approve', id)).toMatch(
        /^Approved Command Line Lab: their code is [A-HJKMNP-Z2-9]{8}\.$/,
      );
      await expect(command('decline', id)).rejects.toThrow(
        /^Already decided: This application was already approved on /,
      );
      await expect(command('list', 'pending')).rejects.toThrow(
        'List applied, approved or declined affiliates.',
      );
      await expect(command('approve')).rejects.toThrow('Name the application by its id');
      await expect(command('frobnicate')).rejects.toThrow('Usage: npm run affiliates -- <command>');
      await expect(runOperatorCommand(['list'], { ...endpoint, token: 'a-guess' })).rejects.toThrow(
        'Operators only: This route needs the operator credential.',
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
    await expect(command('list')).rejects.toThrow('The affiliate service does not answer at');
  });

  it('keeps operators’ routes behind their credential, and stops a client guessing it', async () => {
    expect((await request(app).get('/operator/affiliates')).status).toBe(401);
    const token = await signedIn('not-an-operator');
    const asAccount = await request(app).get('/operator/affiliates').set('authorization', `Bearer ${token}`);
    expect(asAccount.status).toBe(401);
    expect((await operator(request(app).post('/operator/affiliates/not-an-id/approve'))).status).toBe(400);

    let answered = 200;
    for (let guess = 0; guess < 50 && answered !== 429; guess++) {
      answered = (
        await request(app).get('/operator/affiliates').set('authorization', `Bearer guess-${guess}`)
      ).status;
    }
    expect(answered).toBe(429);
    // The limit is the client's, whatever it presents: the right credential waits too.
    expect((await operator(request(app).get('/operator/affiliates'))).status).toBe(429);
  });
});

describe('applications per client', () => {
  it('answers 429 with Retry-After once a client has sent its applications, signed in or not', async () => {
    const service = await openDefinedService('pglite', affiliateService, {
      APPLICATION_LIMIT_PER_CLIENT: '2',
    });
    try {
      const statuses = [];
      let last: request.Response | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        last = await request(service.app).post('/applications').send({ name: 'Spam Co' });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.body.detail).toMatch(/^Too many applications\. Please wait \d+ seconds and try again\.$/);
    } finally {
      await service.dispose();
    }
  });
});
