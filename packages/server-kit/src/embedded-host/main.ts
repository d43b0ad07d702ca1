import { openPglite } from '../pglite';
import { defaultDataDir } from '../repo-root';
import { embeddedDatabaseDir } from './location';
import { serveEmbeddedDatabase } from './server';

/**
 * The embedded database host of a development stack (npm start starts it before the services): one
 * PGlite in the stack's data folder (location.ts), served on EMBEDDED_DATABASE_SOCKET.
 */
async function main() {
  const socketPath = process.env.EMBEDDED_DATABASE_SOCKET;
  if (!socketPath) {
    console.error('embedded database: EMBEDDED_DATABASE_SOCKET is not set (the Unix socket to serve on)');
    process.exit(78);
  }
  const db = await openPglite(embeddedDatabaseDir(process.env.STOREFRONT_DATA_DIR ?? defaultDataDir()));
  const server = await serveEmbeddedDatabase(db, socketPath);
  const stop = () => {
    server.close();
    void db.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('embedded database:', error instanceof Error ? error.message : error);
  process.exit(1);
});
