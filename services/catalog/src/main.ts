import { runService } from '@storefront/server-kit';
import { catalogService } from './definition';

runService(catalogService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
