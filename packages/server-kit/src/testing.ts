import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createConnection, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import type { Router } from 'express';
import type { z } from 'zod';
import { createServiceApp } from './app';
import { trustProxySetting } from './client-address';
import { DEVELOPMENT_SERVICE_KEY } from './config';
import type { Database } from './database';
import { createLogger, type Logger } from './logger';
import { migrate } from './migrations';
import { dumpPglite, openPglite } from './pglite';
import { openPostgres } from './postgres';
import { readServiceConfig, type ServiceDefinition, type ServiceParts } from './service';
import { memoryLimits } from './rate-limit';
import { NO_EDGE } from './edge-control';
import path from 'node:path';

/** A port nothing listens on yet, taken from the system and let go: a URL known before its server. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A loopback server already holding a port of its own, which answers once told what with. */
export interface ServerAhead {
  server: Server;
  url: string;
  answer(respond: RequestListener): void;
}

/**
 * Listens at once, on a port of its own: for two servers that each need the other's address before
 * either exists. (A port found free by `freePort` and listened on later may be taken meanwhile by a
 * test running beside.)
 */
export async function listenAhead(): Promise<ServerAhead> {
  let respond: RequestListener | undefined;
  const server = createHttpServer((req, res) => respond!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: (handler) => {
      respond = handler;
    },
  };
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  db: Database;
  dispose(): Promise<void>;
}

/**
 * Where a test run keeps each migrated PGlite database it has made, as a tarball (set for one run by the
 * root Jest config's global setup, and removed after it). A test file then starts from a copy, in under
 * a second, rather than from initdb and every migration again, two to five seconds of CPU each time.
 * Never shared between runs: a copy from another day would hold that day's seed rows.
 */
export const DATABASE_TEMPLATES_ENV = 'STOREFRONT_TEST_DATABASE_TEMPLATES';

/** In-memory PGlite with `migrationsDir`'s migrations applied, from the run's template when it has one. */
async function migratedPglite(migrationsDir: string): Promise<Database> {
  const templates = process.env[DATABASE_TEMPLATES_ENV];
  const template =
    templates &&
    path.join(templates, `${createHash('sha256').update(path.resolve(migrationsDir)).digest('hex')}.tar`);
  if (template && existsSync(template))
    return openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) });
  const db = await openPglite();
  await migrate(db, migrationsDir);
  if (template) {
    // Written whole, then named: a test file beside this one reads either nothing or all of it.
    const partial = `${template}.${process.pid}`;
    writeFileSync(partial, new Uint8Array(await (await dumpPglite(db)).arrayBuffer()));
    renameSync(partial, template);
  }
  return db;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a schema of its own on the test PostgreSQL
 * (dropped afterwards) so test files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDatabaseKind, migrationsDir: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await migratedPglite(migrationsDir);
    return { db, dispose: () => db.close() };
  }
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openPostgres({ connectionString, options: `-c search_path=${schema}` });
  await migrate(db, migrationsDir);
  return {
    db,
    async dispose() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

export const silentLogger = () => createLogger('test', 'silent');

/** What a test app needs besides its parts: the development service key, and no proxy trusted. */
export const testAppSettings = {
  trustProxy: trustProxySetting().parse(''),
  serviceKey: DEVELOPMENT_SERVICE_KEY,
};

export interface TestService {
  app: ReturnType<typeof createServiceApp>;
  /** The service's routes, as its app serves them (for probes of every route). */
  routes: Router;
  db: Database;
  dispose(): Promise<void>;
}

/** A service's real app (its published reads included) on a fresh, migrated test database. */
export async function openTestService(
  kind: TestDatabaseKind,
  options: {
    name: string;
    migrationsDir: string;
    start(context: { db: Database; logger: Logger }): ServiceParts | Promise<ServiceParts>;
    /** Which hops to believe about client addresses; by default none, as in production without TRUST_PROXY. */
    trustProxy?: string;
  },
): Promise<TestService> {
  const { db, dispose } = await openTestDatabase(kind, options.migrationsDir);
  const logger = silentLogger();
  const parts = await options.start({ db, logger });
  const app = createServiceApp({
    name: options.name,
    version: 'test',
    db,
    logger,
    bodyLimit: '16kb',
    routes: parts.routes,
    published: parts.published,
    ...testAppSettings,
    ...(options.trustProxy ? { trustProxy: trustProxySetting().parse(options.trustProxy) } : {}),
  });
  return {
    app,
    routes: parts.routes,
    db,
    async dispose() {
      parts.stop?.();
      await dispose();
    },
  };
}

/**
 * A service as its definition starts it (its migrations, its settings from `env` over the defaults,
 * limits in memory, no endpoints table), on a fresh test database.
 */
export function openDefinedService<S extends z.ZodRawShape>(
  kind: TestDatabaseKind,
  definition: ServiceDefinition<S>,
  env: NodeJS.ProcessEnv = {},
): Promise<TestService> {
  const config = readServiceConfig(definition, env);
  return openTestService(kind, {
    name: definition.name,
    migrationsDir: definition.migrationsDir,
    start: ({ db, logger }) =>
      definition.start({ db, logger, config, limits: memoryLimits, endpoints: null, edge: NO_EDGE }),
  });
}

/**
 * Starts a service's main module as `npm start` would, with `env` over a clean environment, and
 * reports how it ended: for settings a service must refuse, which it does before opening anything.
 */
export function startRefused(
  mainModule: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainModule], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/**
 * Every way a client can spell a request for `path` (an origin-form path such as `/internal/quote`):
 * the four request-target forms (RFC 9112 section 3.2: origin, absolute, authority, asterisk), with the
 * escapes, doubled slashes, dot segments, backslashes and case a router may read alike. Each with the
 * method it is sent with (authority-form only with CONNECT, asterisk-form only with OPTIONS).
 */
export function requestTargetSpellings(
  method: string,
  path: string,
): Array<{ method: string; target: string }> {
  const rest = path.replace(/^\/[^/]+/, '');
  const first = path.split('/')[1] ?? '';
  const origin = [
    path,
    `/${first.toUpperCase()}${rest}`,
    `/${first[0]!.toUpperCase()}${first.slice(1)}${rest}`,
    `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${rest}`,
    `/%${first.charCodeAt(0).toString(16).toUpperCase()}${first.slice(1)}${rest}`,
    `/${path}`,
    `//${path}`,
    `/./${path.slice(1)}`,
    `/x/..${path}`,
    `/%2e%2e${path}`,
    `/%2F${path.slice(1)}`,
    `\\${path.slice(1)}`,
  ];
  const absolute = [
    `http://x${path}`,
    `HTTP://X${path.toUpperCase()}`,
    `http://127.0.0.1:1${path}?a=1`,
    `https://x/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${rest}`,
    `http://x//${path}`,
    `http://user:pass@x${path}`,
  ];
  return [
    ...[...origin, ...absolute].map((target) => ({ method, target })),
    { method: 'CONNECT', target: 'x:80' },
    { method: 'CONNECT', target: `x:80${path}` },
    { method: 'OPTIONS', target: '*' },
    { method, target: '*' },
    { method, target: `x${path}` },
  ];
}

/**
 * Sends one request line as a client may write it (any target, unchecked) to `listener`, on a server of
 * its own, and resolves to the status it answered with (0 when it closed the connection without one).
 */
export async function rawStatus(
  listener: RequestListener,
  { method, target, headers = {} }: { method: string; target: string; headers?: Record<string, string> },
): Promise<number> {
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<number>((resolve, reject) => {
      const socket = createConnection(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        answer += chunk;
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
        if (status) {
          socket.destroy();
          resolve(Number(status[1]));
        }
      });
      socket.on('close', () => resolve(0));
      socket.on('error', reject);
      const lines = Object.entries({ host: 'x', 'content-type': 'application/json', ...headers }).map(
        ([name, value]) => `${name}: ${value}`,
      );
      socket.write(`${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\ncontent-length: 2\r\n\r\n{}`);
    });
  } finally {
    server.close();
  }
}

/** Every route a router answers (its own and its nested routers'), with its methods. */
export function routesOf(router: Router): Array<{ method: string; path: string }> {
  interface Layer {
    route?: { path: unknown; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
  }
  const walk = (stack: readonly Layer[]): Array<{ method: string; path: string }> =>
    stack.flatMap((layer) =>
      layer.route && typeof layer.route.path === 'string'
        ? Object.keys(layer.route.methods).map((method) => ({
            method: method.toUpperCase(),
            path: layer.route!.path as string,
          }))
        : layer.handle?.stack
          ? walk(layer.handle.stack)
          : [],
    );
  return walk((router as unknown as { stack: Layer[] }).stack);
}

/**
 * What a probe of a service's /internal routes found: every route its router answers under /internal (a
 * `:param` given a value), the kit's own GET /internal/status and any `published` ones (reads answered
 * before the router), and each spelling of them (requestTargetSpellings) a caller without the service
 * key was answered with 2xx or 3xx. Empty is the only right answer.
 */
export async function internalRoutesOpenWithoutKey(
  listener: RequestListener,
  router: Router,
  published: Array<{ method: string; path: string }> = [],
): Promise<{ probed: string[]; open: string[] }> {
  const internal = [{ method: 'GET', path: '/internal/status' }, ...published, ...routesOf(router)]
    .filter(({ path }) => path === '/internal' || path.startsWith('/internal/'))
    .map(({ method, path }) => ({ method, path: path.replace(/:[a-zA-Z]+/g, 'PROBE') }));
  const open: string[] = [];
  for (const { method, path } of internal)
    for (const spelling of requestTargetSpellings(method, path)) {
      const status = await rawStatus(listener, spelling);
      if (status >= 200 && status < 400) open.push(`${spelling.method} ${spelling.target} → ${status}`);
    }
  return { probed: internal.map(({ method, path }) => `${method} ${path}`), open };
}

/**
 * A service's probe suite (a Jest describe block): its definition started on PGlite, and every one of
 * its /internal routes (`routes`, as `METHOD /path`, which the probe must find: a route added later is
 * probed, and named here) refused in every spelling to a caller without the service key.
 */
export function describeInternalRouteProbes<S extends z.ZodRawShape>(
  definition: ServiceDefinition<S>,
  routes: string[],
): void {
  describe(`the ${definition.name} service's /internal routes`, () => {
    let service: TestService;
    beforeAll(async () => {
      service = await openDefinedService('pglite', definition);
    });
    afterAll(() => service.dispose());

    it('answer no spelling of themselves to a caller without the service key', async () => {
      const probe = await internalRoutesOpenWithoutKey(service.app, service.routes);
      expect(probe.probed).toEqual(routes);
      expect(probe.open).toEqual([]);
    });
  });
}
