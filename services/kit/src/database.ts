import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Pool, type PoolConfig } from 'pg';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

/** One database API over PostgreSQL (`pg`) and embedded PGlite; both speak the Postgres dialect. */
export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Postgres's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

export function openPostgres(config: PoolConfig): Database {
  const pool = new Pool({ max: 10, connectionTimeoutMillis: 5_000, ...config });
  // An idle client losing its connection must not crash the process; /readyz reports the outage.
  pool.on('error', () => undefined);
  const query: Queryable['query'] = async (sql, params) => {
    const result = await pool.query(sql, params as unknown[]);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query,
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params) => {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows, rowCount: r.rowCount ?? 0 };
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

/** Embedded Postgres in a folder (created on first start), or in memory when `dataDir` is omitted. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const wrap =
    (q: Pick<PGlite, 'query'>): Queryable['query'] =>
    async (sql, params) => {
      const result = await q.query(sql, params as unknown[]);
      return { rows: result.rows as never[], rowCount: result.affectedRows ?? result.rows.length };
    };
  return {
    kind: 'pglite',
    query: wrap(db),
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (work) => db.transaction((tx) => work({ query: wrap(tx) })),
    ping: async () => {
      if (db.closed) throw new Error('database closed');
      await db.query('SELECT 1');
    },
    close: () => db.close(),
  };
}
