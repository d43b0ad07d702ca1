/** A column or table a migration takes away from the schema the running service reads. */
export interface Removal {
  /** `orders.notes` for a column, `orders` for a table. */
  name: string;
  /** The identifier a service's SQL would name it by. */
  identifier: string;
  how: 'drops' | 'renames';
}

const IDENT = String.raw`"?([A-Za-z_][A-Za-z0-9_]*)"?`;
const TABLE = String.raw`(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(?:[A-Za-z_][A-Za-z0-9_]*\.)?${IDENT}`;

const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');

/** Every column and table a migration drops or renames (expand-then-contract: a contract step). */
export function removalsIn(sql: string): Removal[] {
  const removals: Removal[] = [];
  for (const statement of withoutComments(sql).split(';')) {
    const alter = new RegExp(String.raw`^\s*ALTER\s+TABLE\s+${TABLE}\s+([\s\S]*)$`, 'i').exec(statement);
    if (alter) {
      const [, table, actions] = alter as unknown as [string, string, string];
      const renamedTable = new RegExp(String.raw`^RENAME\s+TO\s+${IDENT}`, 'i').exec(actions.trim());
      if (renamedTable) removals.push({ name: table, identifier: table, how: 'renames' });
      for (const action of actions.split(',')) {
        const dropped = new RegExp(
          String.raw`^\s*DROP\s+(?:COLUMN\s+)?(?:IF\s+EXISTS\s+)?${IDENT}`,
          'i',
        ).exec(action);
        if (dropped && !/^\s*DROP\s+(CONSTRAINT|DEFAULT|NOT\s+NULL|EXPRESSION|IDENTITY)\b/i.test(action))
          removals.push({ name: `${table}.${dropped[1]}`, identifier: dropped[1]!, how: 'drops' });
        const renamed = new RegExp(String.raw`^\s*RENAME\s+(?:COLUMN\s+)?${IDENT}\s+TO\s+${IDENT}`, 'i').exec(
          action,
        );
        if (renamed && !renamedTable)
          removals.push({ name: `${table}.${renamed[1]}`, identifier: renamed[1]!, how: 'renames' });
      }
    }
    const dropTable = new RegExp(
      String.raw`^\s*DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?([\s\S]+?)(?:\s+CASCADE|\s+RESTRICT)?\s*$`,
      'i',
    ).exec(statement);
    if (dropTable)
      for (const name of dropTable[1]!.split(',').map((n) => n.trim().replace(/^.*\./, '').replace(/"/g, '')))
        removals.push({ name, identifier: name, how: 'drops' });
  }
  return removals;
}

/**
 * Migrations that take away what the live service still reads: each new migration's dropped or renamed
 * columns and tables, looked for in the live service's code (its bundle, where its SQL is). Two
 * versions run on one schema during a swap or a canary, so a column goes in a release after the one
 * that stopped reading it.
 */
export function migrationProblems(
  migrations: Array<{ file: string; sql: string }>,
  liveServiceCode: string,
  liveService: string,
): string[] {
  return migrations.flatMap(({ file, sql }) =>
    removalsIn(sql)
      .filter(({ identifier }) => new RegExp(String.raw`\b${identifier}\b`, 'i').test(liveServiceCode))
      .map(({ name, how }) => `migration ${file} ${how} ${name}, which the ${liveService} still reads`),
  );
}
