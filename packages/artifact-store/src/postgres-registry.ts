import { migrate, NO_EDGE, openServiceDatabase, type Database } from '@storefront/server-kit';
import path from 'node:path';
import { registrySchema, type Registry } from './records';
import type { LiveRegistry, RegistryStore } from './registry-store';

const CHANNEL = 'registry_changed';
/** Found through the package: in the shell's production bundle this code no longer sits in it. */
const MIGRATIONS = path.join(
  path.dirname(require.resolve('@storefront/artifact-store/package.json')),
  'migrations',
);

/**
 * The registry in PostgreSQL, for more than one shell: each change reads the document under a row
 * lock (so concurrent deploys queue, none lost), appends to its audit trail, bumps the revision and
 * notifies every listening shell in the same transaction.
 */
export class PostgresRegistry implements RegistryStore {
  readonly kind = 'postgres';

  private constructor(
    private readonly db: Database,
    private readonly schema: string,
  ) {}

  /** Opens (and migrates) the registry's schema in `databaseUrl`. */
  static async open(databaseUrl: string, schema: string): Promise<PostgresRegistry> {
    const db = await openServiceDatabase('registry', databaseUrl, { schema });
    await migrate(db, MIGRATIONS);
    return new PostgresRegistry(db, schema);
  }

  async read(): Promise<Registry> {
    const { rows } = await this.db.query<{ document: unknown }>('SELECT document FROM registry');
    return registrySchema.parse(rows[0]!.document);
  }

  async update(change: (registry: Registry) => void): Promise<Registry> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ document: unknown }>('SELECT document FROM registry FOR UPDATE');
      const registry = registrySchema.parse(rows[0]!.document);
      change(registry);
      await tx.query(
        'UPDATE registry SET document = $1::jsonb, revision = revision + 1, changed_at = now()',
        [JSON.stringify(registry)],
      );
      await tx.query(`NOTIFY ${CHANNEL}`);
      return registry;
    });
  }

  /**
   * Kept current by the `registry_changed` notices (and read again after a lost connection comes back).
   * Reads can answer out of order when changes come quickly: only a newer revision replaces the view.
   */
  async live({
    prepare,
    publish = NO_EDGE.publish,
  }: {
    prepare?(registry: Registry): Promise<void>;
    publish?(swap: () => void): Promise<void>;
  } = {}): Promise<LiveRegistry> {
    let revision = -1;
    let registry: Registry = { modules: {} };
    const refresh = async () => {
      const { rows } = await this.db.query<{ document: unknown; revision: number }>(
        'SELECT document, revision FROM registry',
      );
      if (rows[0]!.revision <= revision) return;
      const next = registrySchema.parse(rows[0]!.document);
      await prepare?.(next);
      await publish(() => {
        // Another refresh may have shown a newer revision while this one prepared.
        if (rows[0]!.revision <= revision) return;
        revision = rows[0]!.revision;
        registry = next;
      });
    };
    // Listening before the first read: a change landing in between is not missed.
    const stop = await this.db.listen(CHANNEL, () => void refresh().catch(() => undefined));
    await refresh();
    return { current: () => registry, close: stop };
  }

  /** For tests: removes the registry's schema. */
  async dropForTests(): Promise<void> {
    await this.db.exec(`DROP SCHEMA ${this.schema} CASCADE`);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
