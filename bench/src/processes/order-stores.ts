import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { bundleCommand } from '@storefront/delivery/bundle';
import {
  clearLimits,
  embeddedDatabaseSocket,
  limitNamespace,
  openHostedDatabase,
} from '@storefront/server-kit';
import type { CpuRole } from '../measure/process-cpu';
import { REPO_ROOT } from '../paths';

/** Where a checkout service under test keeps its orders, and how they are counted afterwards. */
export interface OrderStore {
  label: string;
  /** Which order budget its runs answer to. */
  database: 'postgres' | 'embedded';
  env: NodeJS.ProcessEnv;
  /** The database's processes (and Redis's, when it keeps the limits), whose CPU an order costs too. */
  processes: CpuRole[];
  /** Counts orders; called after the checkout process has stopped. */
  countOrders(): Promise<number>;
  dispose(): Promise<void>;
}

/**
 * The embedded database as `npm start` runs it: one host process (PGlite) the checkout service reaches
 * over its socket, as every service of the stack does.
 */
export async function embeddedStore(): Promise<OrderStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-checkout-'));
  const socket = embeddedDatabaseSocket(dataDir);
  const [node, ...args] = bundleCommand('embedded-database');
  const host = spawn(node!, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, STOREFRONT_DATA_DIR: dataDir, EMBEDDED_DATABASE_SOCKET: socket },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    label: 'embedded (PGlite)',
    database: 'embedded',
    env: { STOREFRONT_DATA_DIR: dataDir, EMBEDDED_DATABASE_SOCKET: socket },
    processes: [{ name: 'database', holds: (pid) => pid === host.pid }],
    async countOrders() {
      const db = await openHostedDatabase(socket, 'checkout');
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      await db.close();
      return rows[0]!.n;
    },
    async dispose() {
      host.kill('SIGTERM');
      if (host.exitCode === null) await once(host, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The PostgreSQL server on this machine (the bench runs on loopback): its postmaster and every backend,
 * which PostgreSQL names `postgres: …`.
 */
const POSTGRES_SERVER: CpuRole = {
  name: 'database',
  holds: (_pid, commandLine) => /^postgres: |\/bin\/postgres /.test(commandLine),
};
const REDIS_SERVER: CpuRole = {
  name: 'Redis',
  holds: (_pid, commandLine) => commandLine.startsWith('redis-server'),
};

/**
 * PostgreSQL as production runs it: the service's own schema, and its rate limits in Redis when there is
 * one (as compose.yaml and the Kubernetes overlays give every service), else in PostgreSQL.
 */
export async function postgresStore(connectionString: string, redisUrl?: string): Promise<OrderStore> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  return {
    label: redisUrl ? 'PostgreSQL, limits in Redis' : 'PostgreSQL',
    database: 'postgres',
    // Its schema named, as the stack names each service's: its limits are counted under that name too.
    env: {
      DATABASE_URL: connectionString,
      DATABASE_SCHEMA: schema,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    processes: [POSTGRES_SERVER, ...(redisUrl ? [REDIS_SERVER] : [])],
    async countOrders() {
      const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.orders`);
      return rows[0]!.n;
    },
    async dispose() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      if (redisUrl) await clearLimits(redisUrl, limitNamespace('checkout', schema));
    },
  };
}
