import { runService } from '@storefront/server-kit';
import { accountService } from './definition';

runService(accountService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
