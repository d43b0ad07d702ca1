import { runService } from '@storefront/server-kit';
import { checkoutService } from './definition';

runService(checkoutService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
