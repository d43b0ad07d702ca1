import {
  defaultDataDir,
  migrate,
  openServiceDatabase,
  openStackEmbeddedDatabase,
} from '@storefront/server-kit';
import { checkoutService } from '../definition';
import { runAffiliateCommand } from '../affiliate-commands';

/**
 * `npm run affiliate-codes -- add|list|disable …`: manages affiliate codes in the checkout database
 * (DATABASE_URL, or checkout's schema of the embedded database of `npm start`, running or not).
 */
async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = process.env.DATABASE_SCHEMA || undefined;
  const db = databaseUrl
    ? await openServiceDatabase('checkout', databaseUrl, { schema })
    : await openStackEmbeddedDatabase(
        process.env.STOREFRONT_DATA_DIR ?? defaultDataDir(),
        schema ?? 'checkout',
      );
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
