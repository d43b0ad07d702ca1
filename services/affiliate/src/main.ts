import { runService } from '@storefront/server-kit';
import { affiliateService } from './definition';

runService(affiliateService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
