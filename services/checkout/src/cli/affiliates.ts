import { defaultDataDir, migrate, openServiceDatabase } from '@storefront/server-kit';
import { checkoutService } from '../definition';
import { CommandError, runAffiliateCommand } from '../affiliate-commands';

/**
 * `npm run affiliate-codes -- add|list|disable …`: manages affiliate codes in the checkout database
 * (DATABASE_URL, or the embedded database in .data/checkout).
 */
async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    // The embedded database belongs to one process at a time.
    const port = Number(process.env.PORT ?? checkoutService.defaultPort);
    const running = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
    if (running) {
      throw new CommandError(
        'The checkout service is running on its embedded database, which only one process may open. Stop it first (or use DATABASE_URL).',
      );
    }
  }
  const db = await openServiceDatabase('checkout', databaseUrl, {
    dataDir: process.env.STOREFRONT_DATA_DIR ?? defaultDataDir(),
    schema: process.env.DATABASE_SCHEMA || undefined,
  });
  try {
    await migrate(db, checkoutService.migrationsDir);
    console.log(await runAffiliateCommand(db, process.argv.slice(2)));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
