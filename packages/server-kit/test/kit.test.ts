import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import {
  createServiceApp,
  HttpProblem,
  isUniqueViolation,
  loadConfig,
  ConfigError,
  localSiteUrl,
  migrate,
  openServiceDatabase,
  parseInput,
  port,
  SERVICE_KEY_HEADER,
  splitStatements,
} from '../src';
import { openPostgres } from '../src/postgres';
import {
  openTestDatabase,
  silentLogger,
  testAppSettings,
  testDatabaseKinds,
  type TestDatabase,
} from '../src/testing';

const migrations = path.join(__dirname, 'fixtures/migrations');

describe.each(testDatabaseKinds())('service kit on %s', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase(kind, migrations);
  });
  afterAll(() => testDb.dispose());

  function appWith(routes: express.Router) {
    return createServiceApp({
      ...testAppSettings,
      name: 'widgets',
      version: '1.2.3',
      db: testDb.db,
      logger: silentLogger(),
      bodyLimit: '1kb',
      routes,
    });
  }

  const routes = express.Router();
  routes.post('/echo', (req, res) => {
    const body = parseInput(z.object({ name: z.string().min(1, 'Name is required.') }), req.body);
    res.json(body);
  });
  routes.get('/boom', () => {
    throw new Error('SELECT secret FROM internals');
  });
  routes.get('/teapot', () => {
    throw new HttpProblem(429, 'Too many requests', 'Slow down.', undefined, { 'Retry-After': '30' });
  });

  it('applies migrations once, with semicolons inside strings, comments and function bodies', async () => {
    const { rows } = await testDb.db.query<{ count: string }>('SELECT widget_count() AS count');
    expect(Number(rows[0]!.count)).toBe(2);
    expect(await migrate(testDb.db, migrations)).toEqual([]);
  });

  it('reports unique violations by SQLSTATE', async () => {
    const error = await testDb.db
      .query("INSERT INTO widgets (name) VALUES ('second')")
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.query("INSERT INTO widgets (name) VALUES ('half-written')");
        await tx.query("INSERT INTO widgets (name) VALUES ('second')");
      }),
    ).rejects.toBeDefined();
    const { rows } = await testDb.db.query("SELECT * FROM widgets WHERE name = 'half-written'");
    expect(rows).toEqual([]);
  });

  it('answers health and readiness with up or down only; its version is for services holding the key', async () => {
    const app = appWith(routes);
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready' });
    expect((await request(app).get('/internal/status')).status).toBe(403);
    const status = await request(app)
      .get('/internal/status')
      .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey);
    expect(status.body).toEqual({ service: 'widgets', version: '1.2.3', release: '1.2.3', database: kind });
  });

  it('validates bodies with a message per field', async () => {
    const res = await request(appWith(routes)).post('/echo').send({ name: '' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toEqual([{ field: 'name', message: 'Name is required.' }]);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const app = appWith(routes);
    const malformed = await request(app)
      .post('/echo')
      .set('content-type', 'application/json')
      .send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('The request body is not valid JSON.');
    const oversized = await request(app)
      .post('/echo')
      .send({ name: 'x'.repeat(2000) });
    expect(oversized.status).toBe(413);
    expect(oversized.body.detail).toBe('Request bodies are limited to 1kb.');
  });

  it('hides internals of unexpected errors', async () => {
    const res = await request(appWith(routes)).get('/boom');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/SELECT|secret|at /);
  });

  it('passes problem headers and 404s unknown routes as problems', async () => {
    const app = appWith(routes);
    const limited = await request(app).get('/teapot');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    const missing = await request(app).get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.title).toBe('Not found');
  });

  it('keeps a sane caller request id and replaces a hostile one', async () => {
    const app = appWith(routes);
    expect((await request(app).get('/healthz').set('x-request-id', 'abc-123')).headers['x-request-id']).toBe(
      'abc-123',
    );
    const hostile = await request(app).get('/healthz').set('x-request-id', '<script>alert(1)</script>');
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says of every answer, served or refused, that it is no page: nothing runs, frames or sniffs it', async () => {
    const app = appWith(routes);
    for (const res of [
      await request(app).get('/healthz'),
      await request(app).get('/nope'),
      await request(app).get('/internal/status'),
      await request(app).get('/%ZZ'),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('readiness without a database', () => {
  it('fails /readyz once the database is gone', async () => {
    const { db, dispose } = await openTestDatabase('pglite', migrations);
    const app = createServiceApp({
      ...testAppSettings,
      name: 'widgets',
      version: '1',
      db,
      logger: silentLogger(),
      bodyLimit: '1kb',
      routes: express.Router(),
    });
    await dispose();
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe('The service cannot reach its database.');
  });

  it('fails /readyz once the service is stopping, while it still answers what it is sent', async () => {
    const { db, dispose } = await openTestDatabase('pglite', migrations);
    let stopping = false;
    const app = createServiceApp({
      ...testAppSettings,
      name: 'widgets',
      version: '1',
      db,
      logger: silentLogger(),
      bodyLimit: '1kb',
      routes: express.Router().get('/widgets', (_req, res) => void res.json([])),
      stopping: () => stopping,
    });
    try {
      expect((await request(app).get('/readyz')).status).toBe(200);
      stopping = true;
      const res = await request(app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('The service is stopping.');
      expect((await request(app).get('/widgets')).status).toBe(200);
    } finally {
      await dispose();
    }
  });
});

describe('configuration', () => {
  it('names every bad variable with what is wrong', () => {
    const shape = { PORT: port(4000), SITE_URL: z.url({ message: 'must be a URL' }) };
    expect(() => loadConfig('content', shape, { PORT: 'abc', SITE_URL: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig('content', shape, { PORT: 'abc', SITE_URL: 'nope' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^PORT: /),
        'SITE_URL: must be a URL',
      ]);
    }
  });

  it('applies defaults', () => {
    expect(loadConfig('content', { PORT: port(4005) }, {})).toEqual({ PORT: 4005 });
  });
});

describe('splitStatements', () => {
  it('splits on statement ends only', () => {
    expect(splitStatements("SELECT 'a;b'; /* x; */ SELECT $$;$$;\n-- c;\nSELECT 3")).toEqual([
      "SELECT 'a;b'",
      'SELECT $$;$$',
      'SELECT 3',
    ]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
(postgresUrl ? describe : describe.skip)('services sharing one PostgreSQL database', () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const schemas = [`test_${suffix}_widgets`, `test_${suffix}_gadgets`];
  afterAll(async () => {
    const admin = await openServiceDatabase('admin', `${postgresUrl}?options=-c%20search_path%3Dpublic`);
    for (const schema of schemas) await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  });

  it('keeps each service in a schema of its own, created on first start', async () => {
    const [widgets, gadgets] = await Promise.all(
      schemas.map((schema) => openServiceDatabase('svc', postgresUrl, { schema })),
    );
    try {
      await migrate(widgets!, migrations);
      await widgets!.query("INSERT INTO widgets (name) VALUES ('only here')");
      await migrate(gadgets!, migrations);
      const names = async (db: typeof widgets) =>
        (await db!.query<{ name: string }>('SELECT name FROM widgets')).rows.map((row) => row.name);
      // Both got the fixtures' rows; only one got the row written after.
      expect(await names(widgets)).toContain('only here');
      expect(await names(gadgets)).not.toContain('only here');
      expect((await names(widgets)).length).toBe((await names(gadgets)).length + 1);
    } finally {
      await Promise.all([widgets!.close(), gadgets!.close()]);
    }
  });

  it('lets two instances start together on an empty schema: one migrates, the other finds it done', async () => {
    const schema = `test_${suffix}_together`;
    schemas.push(schema);
    const instances = await Promise.all(
      [0, 1].map(() => openServiceDatabase('svc', postgresUrl, { schema })),
    );
    try {
      const applied = await Promise.all(instances.map((db) => migrate(db, migrations)));
      expect(applied.map((files) => files.length).sort()).toEqual([0, 4]);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });

  it('answers a request whose database session was cut (a restart) with 503 and Retry-After, not 500', async () => {
    const db = await openServiceDatabase('svc', postgresUrl, { schema: schemas[0] });
    const routes = express.Router();
    routes.get('/slow', async (_req, res) => {
      res.json((await db.query("SELECT pg_sleep(5), 'slept' AS done")).rows);
    });
    routes.get('/broken', async (_req, res) => {
      res.json((await db.query('SELEC 1')).rows);
    });
    const app = createServiceApp({
      ...testAppSettings,
      name: 'widgets',
      version: '1.2.3',
      db,
      logger: silentLogger(),
      bodyLimit: '1kb',
      routes,
    });
    try {
      const slow = request(app)
        .get('/slow')
        .then((res) => res);
      let sleeping: number[] = [];
      for (let tries = 0; sleeping.length === 0 && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        sleeping = (
          await db.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE query LIKE '%pg_sleep(5), ''slept''%' AND pid <> pg_backend_pid()",
          )
        ).rows.map((row) => row.pid);
      }
      await db.query('SELECT pg_terminate_backend($1)', [sleeping[0]]);
      const cut = await slow;
      expect([cut.status, cut.headers['retry-after'], cut.body.title]).toEqual([
        503,
        '1',
        'Service unavailable',
      ]);
      // An error in the statement itself is still the server's fault.
      expect((await request(app).get('/broken')).status).toBe(500);
    } finally {
      await db.close();
    }
  });

  it('prepares a statement with parameters once per connection and runs it again as prepared', async () => {
    // One connection, so that every statement below meets the same session's prepared statements.
    const db = openPostgres({ connectionString: postgresUrl, max: 1 });
    const statement = 'SELECT $1::int * 2 AS twice';
    try {
      const answers = [];
      for (const n of [1, 2, 3])
        answers.push((await db.query<{ twice: number }>(statement, [n])).rows[0]!.twice);
      expect(answers).toEqual([2, 4, 6]);
      const { rows } = await db.query<{ statement: string; calls: number }>(
        'SELECT statement, generic_plans + custom_plans AS calls FROM pg_prepared_statements WHERE statement = $1',
        [statement],
      );
      expect(rows).toEqual([{ statement, calls: 3 }]);
    } finally {
      await db.close();
    }
  });

  it('reads bigint as a number, as PGlite does', async () => {
    const db = await openServiceDatabase('svc', postgresUrl, { schema: schemas[0] });
    try {
      const { rows } = await db.query<{ big: unknown }>('SELECT 3000000000::bigint AS big');
      expect(rows[0]!.big).toBe(3_000_000_000);
    } finally {
      await db.close();
    }
  });
});

describe('the development site a command calls', () => {
  it('is SITE_URL when set, else the shell port shifted as npm start shifts it', () => {
    expect(localSiteUrl({})).toBe('http://localhost:3000');
    expect(localSiteUrl({ STOREFRONT_PORT_OFFSET: '100' })).toBe('http://localhost:3100');
    expect(localSiteUrl({ SITE_URL: 'http://127.0.0.1:3300', STOREFRONT_PORT_OFFSET: '100' })).toBe(
      'http://127.0.0.1:3300',
    );
  });
});
