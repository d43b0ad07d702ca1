import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/**
 * PGlite's own start settings, with 16 MB of shared buffers instead of 128: a service's data is a few
 * megabytes, and the smaller pool halves both its memory and its start (a restarted service is ready
 * sooner).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Embedded Postgres in a folder (created on first start), or in memory when `dataDir` is omitted. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { startParams: PGLITE_START });
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
    listen: (channel, onNotify) => db.listen(channel, () => onNotify()),
    ping: async () => {
      if (db.closed) throw new Error('database closed');
      await db.query('SELECT 1');
    },
    close: () => db.close(),
  };
}
