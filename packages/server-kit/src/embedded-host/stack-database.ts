import type { Database } from '../database';
import { openPglite } from '../pglite';
import { openHostedDatabase } from './client';
import { embeddedDatabaseDir, embeddedDatabaseSocket } from './location';

/**
 * A service's schema in a stack's embedded database, for an operator's command: through the host while
 * the stack runs (its services go on serving), else opened in this process (then the stack must not be
 * started meanwhile: an embedded database belongs to one process at a time).
 */
export async function openStackEmbeddedDatabase(dataDir: string, schema: string): Promise<Database> {
  try {
    return await openHostedDatabase(embeddedDatabaseSocket(dataDir), schema, { firstConnectMs: 0 });
  } catch {
    return openPglite(embeddedDatabaseDir(dataDir), { schema });
  }
}
