import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { bundleCommand } from '@storefront/delivery/bundle';
import { embeddedDatabaseSocket, openHostedDatabase } from '@storefront/server-kit';
import type { CpuRole } from '../measure/process-cpu';
import { REPO_ROOT } from '../paths';

/** Where a checkout service under test keeps its orders, and how they are counted afterwards. */
export interface OrderStore {
  label: string;
  env: NodeJS.ProcessEnv;
  /** The database's processes, whose CPU an order costs too. */
  processes: CpuRole;
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
    env: { STOREFRONT_DATA_DIR: dataDir, EMBEDDED_DATABASE_SOCKET: socket },
    processes: { name: 'database', holds: (pid) => pid === host.pid },
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

export async function postgresStore(connectionString: string): Promise<OrderStore> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(connectionString);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    // The server on this machine (the bench runs on loopback): its postmaster and every backend, which
    // PostgreSQL names `postgres: …`.
    processes: {
      name: 'database',
      holds: (_pid, commandLine) => /^postgres: |\/bin\/postgres /.test(commandLine),
    },
    async countOrders() {
      const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.orders`);
      return rows[0]!.n;
    },
    async dispose() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
