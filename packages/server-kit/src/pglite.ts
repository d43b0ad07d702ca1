import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/**
 * PGlite's own start settings, with 16 MB of shared buffers instead of 128: a service's data is a few
 * megabytes, and the smaller pool halves both its memory and its start (a restarted service is ready
 * sooner).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Creates PGlite's database in `dataDir` and exits: run in a child process of its own (below). */
const CREATE_DATABASE = `const [entry, dir] = process.argv.slice(1);
require(entry).PGlite.create(dir).then((db) => db.close());`;

/**
 * Makes the database in a new folder in a short-lived child process: initdb grows the WebAssembly heap
 * several times over what serving needs, and a heap never shrinks, so a service that ran it itself
 * would keep that much for its whole life.
 */
async function createDatabaseFolder(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // PGlite as the kit loads it, from the kit's own folder (found at run time, as in a service's bundle).
  const entry = createRequire(require.resolve('@storefront/server-kit/package.json')).resolve(
    '@electric-sql/pglite',
  );
  await promisify(execFile)(process.execPath, ['-e', CREATE_DATABASE, entry, dataDir]);
}

/**
 * PGlite is Postgres compiled to WebAssembly, which V8 compiles twice by default: quickly (Liftoff),
 * then its hot functions again, optimised (TurboFan), in background threads, keeping both. Liftoff's
 * code alone makes a smaller process that opens its database sooner: a killed service is ready again
 * earlier, without optimising threads taking the CPU from the shoppers meanwhile. Orders on the
 * embedded database were as quick either way (the catalog and Square calls weigh more). Process-wide:
 * this process's other WebAssembly (undici's HTTP parser) too.
 */
const keepLiftoffCodeOnly = () => setFlagsFromString('--liftoff-only');

/** The engine behind each Database openPglite made, for what only PGlite does (a dump of its files). */
const engines = new WeakMap<Database, PGlite>();

/** The files of a database openPglite opened, as a tarball another `openPglite` can start from. */
export function dumpPglite(db: Database): Promise<Blob> {
  const engine = engines.get(db);
  if (!engine) throw new Error('Only a database openPglite opened can be dumped');
  return engine.dumpDataDir('none');
}

/**
 * Embedded Postgres in a folder (created on first start), or in memory when `dataDir` is omitted; in
 * `schema` (made if missing) when given, as a service is in the stack's shared embedded database.
 */
export async function openPglite(
  dataDir?: string,
  { schema, loadDataDir }: { schema?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) await createDatabaseFolder(dataDir);
  // Before PGlite's module is compiled, the first time this process opens one.
  keepLiftoffCodeOnly();
  const db = await PGlite.create(dataDir, { startParams: PGLITE_START, loadDataDir });
  if (schema) await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}`);
  const wrap =
    (q: Pick<PGlite, 'query'>): Queryable['query'] =>
    async (sql, params) => {
      const result = await q.query(sql, params as unknown[]);
      return { rows: result.rows as never[], rowCount: result.affectedRows ?? result.rows.length };
    };
  const database: Database = {
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
  engines.set(database, db);
  return database;
}
