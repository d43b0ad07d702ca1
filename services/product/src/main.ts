import { runService } from '@storefront/server-kit';
import { productService } from './definition';

runService(productService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
