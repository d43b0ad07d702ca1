import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import {
  canonicalPath,
  createServiceApp,
  isInternalPath,
  parseInput,
  rateLimit,
  SERVICE_KEY_HEADER,
  trustProxySetting,
} from '../src';
import {
  openTestDatabase,
  silentLogger,
  testAppSettings,
  testDatabaseKinds,
  type TestDatabase,
  internalRoutesOpenWithoutKey,
  rawStatus,
  requestTargetSpellings,
} from '../src/testing';

describe('one spelling of a path', () => {
  it.each([
    '/internal/quote',
    '//internal/quote',
    '/INTERNAL/quote',
    '/%49nternal/quote',
    '/%69nternal/quote',
    '/x/../internal/quote',
    '/./internal/quote',
    '/%2e%2e/internal/quote',
    '\\internal/quote',
    '/internal',
  ])('%s is internal', (spelling) => {
    expect(isInternalPath(spelling)).toBe(true);
  });

  it.each(['/products/internal', '/internals', '/home-products'])('%s is not', (spelling) => {
    expect(isInternalPath(spelling)).toBe(false);
  });

  it('cannot read a malformed escape, or bytes that are not UTF-8', () => {
    for (const path of ['/policies/%ZZ', '/x%', '/x%ED%A0%80']) expect(canonicalPath(path)).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('refuses a value it cannot use, naming the variable', () => {
    expect(trustProxySetting().safeParse('not an address').success).toBe(false);
  });
});

describe.each(testDatabaseKinds())('what arrives at a service on %s', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase(kind, path.join(__dirname, 'fixtures/migrations'));
  });
  afterAll(() => testDb.dispose());

  const routes = express.Router();
  // A route that stores what it is sent, as the real ones do.
  routes.post('/widgets', async (req, res) => {
    const { name, count } = parseInput(z.object({ name: z.string(), count: z.int().optional() }), req.body);
    await testDb.db.query('INSERT INTO widgets (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
    res.status(201).json({ name, count });
  });
  routes.get('/widgets', async (req, res) => {
    const { rows } = await testDb.db.query('SELECT id FROM widgets WHERE name = $1', [
      String(req.query.name),
    ]);
    res.json(rows);
  });
  routes.get('/widgets/:name', (req, res) => {
    res.json({ name: req.params.name });
  });
  routes.post('/internal/quote', (_req, res) => {
    res.json({ quoted: true });
  });
  routes.get('/limited', rateLimit({ limit: 2, windowMs: 60_000, what: 'tries' }), (_req, res) => {
    res.json({ ok: true });
  });

  const app = (trustProxy = '') =>
    createServiceApp({
      ...testAppSettings,
      trustProxy: trustProxySetting().parse(trustProxy),
      name: 'widgets',
      version: '1.2.3',
      db: testDb.db,
      logger: silentLogger(),
      bodyLimit: '16kb',
      routes,
    });

  it.each(['/internal/quote', '//internal/quote', '/INTERNAL/quote', '/%49nternal/quote'])(
    'answers %s only to a caller with the service key',
    async (spelling) => {
      const refused = await request(app()).post(spelling).send({});
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      const wrongKey = await request(app()).post(spelling).set(SERVICE_KEY_HEADER, 'guess').send({});
      expect(wrongKey.status).toBe(403);
      const allowed = await request(app())
        .post('/internal/quote')
        .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey)
        .send({});
      expect(allowed.body).toEqual({ quoted: true });
    },
  );

  it('answers no spelling of an /internal route without the service key: every request-target form, escapes, doubled slashes, case', async () => {
    const spellings = requestTargetSpellings('POST', '/internal/quote');
    expect(spellings.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      spellings.map(
        async (spelling) => `${spelling.method} ${spelling.target} → ${await rawStatus(app(), spelling)}`,
      ),
    );
    expect(answers.filter((answer) => / → [23]\d\d$/.test(answer))).toEqual([]);
    // The key opens the route, whichever form names it: the guard and the router read one path.
    for (const target of ['/internal/quote', 'http://x/internal/quote'])
      expect(
        await rawStatus(app(), {
          method: 'POST',
          target,
          headers: { [SERVICE_KEY_HEADER]: testAppSettings.serviceKey },
        }),
      ).toBe(200);
  });

  it('routes an absolute-form target by its path, and refuses the forms that name no path', async () => {
    expect(await rawStatus(app(), { method: 'GET', target: 'http://shop.example/widgets/a?x=1' })).toBe(200);
    expect(await rawStatus(app(), { method: 'OPTIONS', target: '*' })).toBe(400);
    expect(await rawStatus(app(), { method: 'GET', target: 'widgets' })).toBe(400);
  });

  it('finds every /internal route of a router, nested ones too, and none of them open', async () => {
    const probe = await internalRoutesOpenWithoutKey(app(), routes);
    expect(probe.probed).toEqual(['GET /internal/status', 'POST /internal/quote']);
    expect(probe.open).toEqual([]);
  });

  it('refuses text the database cannot store with 400 naming the field, anywhere it arrives', async () => {
    const nul = await request(app()).post('/widgets').send({ name: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([
      { field: 'name', message: 'Contains characters that are not allowed.' },
    ]);
    const surrogate = await request(app())
      .post('/widgets')
      .set('content-type', 'application/json')
      .send('{"name":"\\ud800x"}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors[0].field).toBe('name');
    const key = await request(app())
      .post('/widgets')
      .set('content-type', 'application/json')
      .send('{"name":"ok","\\u0000":1}');
    expect(key.status).toBe(400);
    const query = await request(app()).get('/widgets?name=%00');
    expect(query.status).toBe(400);
    expect(query.body.errors[0].field).toBe('query.name');
    // A path holding a NUL names nothing, as an unknown product or policy does.
    const pathNul = await request(app()).get('/widgets/a%00b');
    expect(pathNul.status).toBe(404);
  });

  it('answers a malformed path escape and a lying Content-Encoding with 400, not 500', async () => {
    expect((await request(app()).get('/widgets/%ZZ')).status).toBe(400);
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const lie = await request(app())
        .post('/widgets')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .send('{"name":"plain"}');
      expect(lie.status).toBe(400);
      expect(lie.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('names a field of the wrong type as such, and a missing one as required', async () => {
    const wrong = await request(app()).post('/widgets').send({ name: 5, count: 'many' });
    expect(wrong.body.errors).toEqual([
      { field: 'name', message: 'Must be text.' },
      { field: 'count', message: 'Must be a number.' },
    ]);
    const missing = await request(app()).post('/widgets').send({});
    expect(missing.body.errors).toEqual([{ field: 'name', message: 'This field is required.' }]);
  });

  it('refuses a body nested past any real request', async () => {
    const deep = '['.repeat(500) + ']'.repeat(500);
    const res = await request(app()).post('/widgets').set('content-type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The request is nested too deeply.');
  });

  it('keys limits on the peer unless TRUST_PROXY trusts it: a forged X-Forwarded-For changes nothing', async () => {
    const edge = app();
    const statuses = [];
    for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push((await request(edge).get('/limited').set('x-forwarded-for', forged)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Behind a trusted proxy, the address it forwards is the client.
    const behindShell = app('loopback');
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await request(behindShell).get('/limited').set('x-forwarded-for', client);
      expect(res.status).toBe(200);
    }
  });
});
