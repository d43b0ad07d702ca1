import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where a stack's embedded database host keeps its database, under the stack's data folder. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'embedded-database');

/** The longest Unix socket path every platform takes (sun_path holds 104 to 108 bytes). */
const MAX_SOCKET_PATH = 100;

/**
 * The Unix socket a stack's embedded database host answers on, for its services and the operators'
 * commands: in the stack's run folder, or, for a data folder too deep for a socket path, in the
 * system's temporary folder under a name drawn from the data folder's path.
 */
export function embeddedDatabaseSocket(dataDir: string): string {
  const inRunFolder = path.join(path.resolve(dataDir), 'run', 'embedded-database.sock');
  if (inRunFolder.length <= MAX_SOCKET_PATH) return inRunFolder;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `storefront-database-${key}.sock`);
}
