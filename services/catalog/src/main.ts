import { runService } from '@storefront/service-kit';
import { catalogService } from './definition';

runService(catalogService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
