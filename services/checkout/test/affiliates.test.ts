import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEVELOPMENT_SERVICE_KEY, Limiter, SERVICE_KEY_HEADER } from '@storefront/server-kit';
import { openTestService, testDatabaseKinds, type TestService } from '@storefront/server-kit/testing';
import request from 'supertest';
import { runAffiliateCommand } from '../src/affiliate-commands';
import { publicAffiliateId } from '../src/domain/public-affiliate';
import { affiliateRoutes } from '../src/routes/affiliates';
import { addAffiliate, DEMO_AFFILIATE } from '../src/store/affiliates-store';
import { keptInOutbox } from './harness';

const migrations = path.join(__dirname, '../migrations');

describe.each(testDatabaseKinds())('affiliate codes on %s', (kind) => {
  let service: TestService;
  beforeAll(async () => {
    service = await openTestService(kind, {
      name: 'checkout',
      migrationsDir: migrations,
      start: ({ db }) => ({
        routes: affiliateRoutes(
          {
            db,
            cookies: { secure: false, signingKey: DEVELOPMENT_SERVICE_KEY },
            programEvents: keptInOutbox,
          },
          new Limiter('affiliate-attempts', { limit: 1000, windowMs: 60_000 }),
        ),
      }),
    });
    await addAffiliate(service.db, DEMO_AFFILIATE);
  });
  afterAll(() => service.dispose());

  const lookup = (body: unknown) =>
    request(service.app)
      .post('/affiliates/lookup')
      .send(body as object);

  it('get_affiliate_discount returns the row for an active code, trimmed and upper-cased', async () => {
    const { rows } = await service.db.query<Record<string, unknown>>(
      "SELECT * FROM get_affiliate_discount('  research10 ')",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ affiliate_name: 'Research Partner' });
    expect(Number(rows[0]!.discount_rate)).toBe(0.1);
    expect(rows[0]!.affiliate_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('looks up a code given in any case with spaces around it', async () => {
    const res = await lookup({ code: '  research10  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 'RESEARCH10',
      // Never the id the program's records and the operator's routes use: a digest of it.
      affiliateId: expect.stringMatching(/^aff_[\w-]{22}$/),
      affiliateName: 'Research Partner',
      discountRate: 0.1,
    });
  });

  it("answers an unknown code with the spec's 'Invalid Code' message", async () => {
    const res = await lookup({ code: 'NOPE123' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      title: 'Invalid Code',
      detail: 'The affiliate code you entered is not valid.',
    });
  });

  it.each([[{ code: '   ' }], [{ code: '' }], [{}], [{ code: 42 }]])(
    'refuses %p as blank without looking it up',
    async (body) => {
      const res = await lookup(body);
      expect(res.status).toBe(400);
      expect(res.body.title).toBe('Invalid Code');
    },
  );

  it('treats quotes and SQL in a code as an ordinary unknown code', async () => {
    const res = await lookup({ code: "RESEARCH10' OR '1'='1" });
    expect(res.status).toBe(404);
  });

  it('is managed by the operator command: add, list, disable', async () => {
    expect(await runAffiliateCommand(service.db, ['add', 'lab-partner', 'Lab Partner Inc.', '15%'])).toBe(
      'Added LAB-PARTNER (Lab Partner Inc., 15% off).',
    );
    await expect(runAffiliateCommand(service.db, ['add', 'LAB-PARTNER', 'Again', '0.2'])).rejects.toThrow(
      'LAB-PARTNER already exists.',
    );
    expect((await lookup({ code: 'lab-partner' })).body.discountRate).toBe(0.15);
    expect(await runAffiliateCommand(service.db, ['list'])).toMatch(
      /LAB-PARTNER\s+15%\s+active\s+Lab Partner Inc\./,
    );

    expect(await runAffiliateCommand(service.db, ['disable', 'lab-partner'])).toBe(
      'Disabled LAB-PARTNER; it no longer gives a discount.',
    );
    expect((await lookup({ code: 'LAB-PARTNER' })).status).toBe(404);
    expect(await runAffiliateCommand(service.db, ['list'])).toMatch(/LAB-PARTNER\s+15%\s+disabled/);
    await expect(runAffiliateCommand(service.db, ['disable', 'LAB-PARTNER'])).rejects.toThrow(
      'LAB-PARTNER is not an active code.',
    );
  });

  describe("the affiliate program's codes, kept here as it sends them", () => {
    const put = (code: string, body: object, key: string | null = DEVELOPMENT_SERVICE_KEY) => {
      const req = request(service.app).put(`/internal/affiliate-codes/${code}`);
      return (key ? req.set(SERVICE_KEY_HEADER, key) : req).send(body);
    };
    const program = { affiliateId: randomUUID(), name: 'Dr. Ada Lab', discountRate: 0.1, active: true };

    it('takes an approved code, as often as it is sent, and gives its discount under a public id', async () => {
      expect((await put('ADA2LAB9', program)).status).toBe(204);
      expect((await put('ADA2LAB9', program)).status).toBe(204);
      const answer = await lookup({ code: 'ada2lab9' });
      expect(answer.text).not.toContain(program.affiliateId);
      expect(answer.body).toEqual({
        code: 'ADA2LAB9',
        affiliateId: publicAffiliateId(program.affiliateId),
        affiliateName: 'Dr. Ada Lab',
        discountRate: 0.1,
      });
    });

    it('stops a code the program disabled, and refuses a code another affiliate holds', async () => {
      expect((await put('ADA2LAB9', { ...program, active: false })).status).toBe(204);
      expect((await lookup({ code: 'ADA2LAB9' })).status).toBe(404);
      const taken = await put('RESEARCH10', { ...program, affiliateId: randomUUID() });
      expect(taken.status).toBe(409);
      expect((await lookup({ code: 'RESEARCH10' })).body.affiliateName).toBe('Research Partner');
    });

    it('is for other services only, and reads what it is sent strictly', async () => {
      expect((await put('ADA2LAB9', program, null)).status).toBe(403);
      expect((await put('ADA2LAB9', program, 'a-wrong-key')).status).toBe(403);
      expect((await put('ADA2LAB9', { ...program, discountRate: 1.5 })).status).toBe(400);
      expect((await put('X', program)).status).toBe(400);
      expect((await put('ADA2LAB9', { ...program, affiliateId: 'not-an-id' })).status).toBe(400);
    });
  });

  it.each([
    [['add', 'X', 'Name', '0.1'], /Codes are 3 to 32 letters/],
    [['add', 'GOOD1', '', '0.1'], /Give the affiliate a name/],
    [['add', 'GOOD1', 'Name', '1.5'], /below 100%/],
    [['add', 'GOOD1', 'Name', 'ten'], /must be a number/],
    [['frobnicate'], /Usage: npm run affiliate-codes/],
  ])('refuses the operator command %p with a clear message', async (args, message) => {
    await expect(runAffiliateCommand(service.db, args)).rejects.toThrow(message);
  });
});

describe('affiliate lookup rate limit', () => {
  it('charges only misses, and answers 429 with Retry-After once a client has used its attempts', async () => {
    const service = await openTestService('pglite', {
      name: 'checkout',
      migrationsDir: migrations,
      start: ({ db }) => ({
        routes: affiliateRoutes(
          {
            db,
            cookies: { secure: false, signingKey: DEVELOPMENT_SERVICE_KEY },
            programEvents: keptInOutbox,
          },
          new Limiter('affiliate-attempts', { limit: 3, windowMs: 60_000 }),
        ),
      }),
    });
    await addAffiliate(service.db, DEMO_AFFILIATE);
    // A code the shopper holds, looked up again on every checkout page, is no guess: it costs nothing.
    for (let load = 0; load < 8; load++)
      expect(
        (await request(service.app).post('/affiliates/lookup').send({ code: 'RESEARCH10' })).status,
      ).toBe(200);
    const attempts = [];
    for (const code of ['AAA1', 'AAA2', 'AAA3', 'AAA4', 'RESEARCH10']) {
      attempts.push(await request(service.app).post('/affiliates/lookup').send({ code }));
    }
    // Misses run out the budget; then every code, known or not, is refused alike.
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 429, 429]);
    expect(Number(attempts[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(attempts[3]!.body.detail).toMatch(
      /^Too many affiliate code attempts\. Please wait \d+ seconds and try again\.$/,
    );
    await service.dispose();
  });
});
