import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import type { z } from 'zod';
import { createServiceApp } from './app';
import { trustProxySetting } from './client-address';
import { DEVELOPMENT_SERVICE_KEY } from './config';
import type { Database } from './database';
import { createLogger, type Logger } from './logger';
import { migrate } from './migrations';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { readServiceConfig, type ServiceDefinition, type ServiceParts } from './service';
import { memoryLimits } from './rate-limit';
import { NO_EDGE } from './edge-control';

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
 * A fresh, migrated database: in-memory PGlite, or a schema of its own on the test PostgreSQL
 * (dropped afterwards) so test files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDatabaseKind, migrationsDir: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db, migrationsDir);
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
