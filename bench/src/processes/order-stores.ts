import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';

/** Where a checkout service under test keeps its orders, and how they are counted afterwards. */
export interface OrderStore {
  label: string;
  env: NodeJS.ProcessEnv;
  /** Counts orders; called after the checkout process has stopped (PGlite allows one process). */
  countOrders(): Promise<number>;
  dispose(): Promise<void>;
}

export async function embeddedStore(): Promise<OrderStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-checkout-'));
  return {
    label: 'embedded (PGlite)',
    env: { STOREFRONT_DATA_DIR: dataDir },
    async countOrders() {
      const db = await PGlite.create(path.join(dataDir, 'checkout'));
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      await db.close();
      return rows[0]!.n;
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
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
