import { runService } from '@storefront/service-kit';
import { accountService } from './definition';

runService(accountService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
