import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

/**
 * Applies `migrations/NNN_name.sql` files in name order, each once and in its own transaction, and
 * records them in `schema_migrations`. An advisory lock keeps two instances starting together from
 * applying the same file twice.
 */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(4242)');
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files.filter((f) => !done.has(f))) {
      // Statements run one by one because the parameterless multi-statement path differs between drivers.
      for (const statement of splitStatements(readFileSync(path.join(dir, file), 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
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
