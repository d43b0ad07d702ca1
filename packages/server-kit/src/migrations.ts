import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

/**
 * The kit's own migrations (data version, rate limits), applied before every service's. Found through
 * the package, not this file: in a service's production bundle this code no longer sits in the kit.
 */
const KIT_MIGRATIONS = path.join(
  path.dirname(require.resolve('@storefront/server-kit/package.json')),
  'migrations',
);

const migrationFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((name) => ({ name, file: path.join(dir, name) }));

/**
 * Applies the kit's and then the service's `migrations/NNN_name.sql` files in name order, each once, in
 * one transaction, and records them in `schema_migrations`. An advisory lock on the schema, taken
 * before anything else, keeps two instances starting together from creating the record table or
 * applying a file twice.
 */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  const files = [...migrationFiles(KIT_MIGRATIONS), ...migrationFiles(dir)].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('storefront migrations ' || current_schema()))");
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const { name, file } of files.filter((f) => !done.has(f.name))) {
      // Statements run one by one because the parameterless multi-statement path differs between drivers.
      for (const statement of splitStatements(readFileSync(file, 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}

/**
 * Splits SQL on semicolons that end a statement, keeping those inside quotes, dollar-quoted bodies
 * and comments.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    const quoted = /^('(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
    const dollar = /^(\$[A-Za-z_]*\$)/.exec(rest);
    if (quoted) {
      current += quoted[0].startsWith('--') || quoted[0].startsWith('/*') ? ' ' : quoted[0];
      i += quoted[0].length;
    } else if (dollar) {
      const tag = dollar[1]!;
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end === -1 ? sql.length : end + tag.length;
      current += sql.slice(i, stop);
      i = stop;
    } else if (sql[i] === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
    } else {
      current += sql[i];
      i += 1;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
