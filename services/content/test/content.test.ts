import path from 'node:path';
import { openTestService, testDatabaseKinds, type TestService } from '@storefront/server-kit/testing';
import request from 'supertest';
import { startContent } from '../src/definition';

const migrations = path.join(__dirname, '../migrations');

describe.each(testDatabaseKinds())('content service on %s', (kind) => {
  let testDb: TestService;
  let app: TestService['app'];

  beforeAll(async () => {
    testDb = await openTestService(kind, {
      name: 'content',
      migrationsDir: migrations,
      start: (context) => startContent(context, { signUps: { limit: 1000, windowMs: 60_000 } }),
    });
    app = testDb.app;
  });
  afterAll(() => testDb.dispose());

  const subscriberCount = async () =>
    Number((await testDb.db.query<{ n: string }>('SELECT count(*) AS n FROM email_subscribers')).rows[0]!.n);

  describe('policies', () => {
    it('serves the refund policy as the spec states it', async () => {
      const res = await request(app).get('/policies/refund-policy');
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(res.body.title).toBe('Refund Policy');
      expect(text).toContain('All sales are final');
      expect(text).toContain('within 48 hours of delivery');
      expect(text).toContain('photos');
      expect(text).toContain('never delivered');
    });

    it('serves the shipping policy with its times', async () => {
      const text = JSON.stringify((await request(app).get('/policies/shipping-policy')).body);
      for (const phrase of [
        '1-2 business days',
        '3-5 business days',
        '7-14 business days',
        'insured',
        'tracking',
        'calculated at checkout',
        'without water or syringes',
      ]) {
        expect(text).toContain(phrase);
      }
    });

    it('serves the terms with their contradiction of the refund policy intact', async () => {
      const text = JSON.stringify((await request(app).get('/policies/terms-of-service')).body);
      for (const phrase of [
        'at least 21 years old',
        'USD',
        'card',
        'bank transfer',
        'cryptocurrency',
        'Arizona',
        'within 14 days',
        '5-10 business days',
      ]) {
        expect(text).toContain(phrase);
      }
    });

    it('answers an unknown policy with a 404 problem', async () => {
      const res = await request(app).get('/policies/privacy');
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('There is no policy called "privacy".');
    });
  });

  describe('newsletter subscribers', () => {
    it('stores a subscriber with the spec record shape', async () => {
      const res = await request(app)
        .post('/subscribers')
        .set('user-agent', 'jest-agent')
        .send({ email: '  ada@lab.example ', name: ' Ada Lovelace ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ status: 'subscribed' });
      const { rows } = await testDb.db.query<Record<string, unknown>>(
        "SELECT email, name, source, tags, metadata FROM email_subscribers WHERE email = 'ada@lab.example'",
      );
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({
        email: 'ada@lab.example',
        name: 'Ada Lovelace',
        source: 'website',
        tags: ['newsletter', 'research-updates'],
      });
      const metadata = row.metadata as { submitted_at: string; user_agent: string };
      expect(metadata.user_agent).toBe('jest-agent');
      expect(new Date(metadata.submitted_at).toISOString()).toBe(metadata.submitted_at);
    });

    it('says "Already subscribed" for the same email in another case, and stores nothing', async () => {
      const before = await subscriberCount();
      const res = await request(app)
        .post('/subscribers')
        .send({ email: 'ADA@Lab.Example', name: 'Ada again' });
      expect(res.status).toBe(409);
      expect(res.body.title).toBe('Already subscribed');
      expect(res.body.detail).toBe('This email is already subscribed to our newsletter.');
      expect(await subscriberCount()).toBe(before);
    });

    it('lets only one of two simultaneous sign-ups of an address through', async () => {
      const before = await subscriberCount();
      const attempts = await Promise.all(
        [1, 2, 3].map(() =>
          request(app).post('/subscribers').send({ email: 'race@lab.example', name: 'Racer' }),
        ),
      );
      expect(attempts.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await subscriberCount()).toBe(before + 1);
    });

    it.each([
      [{ name: 'No Email' }, 'email', 'This field is required.'],
      [{ email: 'x@lab.example' }, 'name', 'This field is required.'],
      [{ email: '   ', name: 'Blank' }, 'email', 'Email is required.'],
      [{ email: 'x@lab.example', name: '   ' }, 'name', 'Name is required.'],
      [{ email: 'not-an-email', name: 'Bad' }, 'email', 'Enter a valid email address.'],
      [{ email: 42, name: 'Typed' }, 'email', expect.any(String)],
    ])('refuses %p with a message for %s and stores nothing', async (body, field, message) => {
      const before = await subscriberCount();
      const res = await request(app).post('/subscribers').send(body);
      expect(res.status).toBe(400);
      expect(res.body.title).toBe('Required fields missing');
      expect(res.body.errors).toContainEqual({ field, message });
      expect(await subscriberCount()).toBe(before);
    });

    it('refuses malformed JSON and oversized bodies, storing nothing', async () => {
      const before = await subscriberCount();
      const malformed = await request(app)
        .post('/subscribers')
        .set('content-type', 'application/json')
        .send('{"email": "a@b.c",');
      expect(malformed.status).toBe(400);
      expect(malformed.body.detail).toBe('The request body is not valid JSON.');
      const oversized = await request(app)
        .post('/subscribers')
        .send({ email: 'big@lab.example', name: 'x'.repeat(20_000) });
      expect(oversized.status).toBe(413);
      const notJson = await request(app)
        .post('/subscribers')
        .set('content-type', 'text/plain')
        .send('email=a@b.c');
      expect(notJson.status).toBe(400);
      expect(await subscriberCount()).toBe(before);
    });
  });
});

describe('newsletter sign-ups per client', () => {
  it('answers 429 past the limit, so the "Already subscribed" answer cannot list the subscribers', async () => {
    const service = await openTestService('pglite', {
      name: 'content',
      migrationsDir: migrations,
      start: (context) => startContent(context, { signUps: { limit: 3, windowMs: 60_000 } }),
    });
    const statuses = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      const res = await request(service.app)
        .post('/subscribers')
        .send({ email: `${name}@lab.example`, name });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    await service.dispose();
  });
});
