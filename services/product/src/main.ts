import { runService } from '@storefront/service-kit';
import { productService } from './definition';

runService(productService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
