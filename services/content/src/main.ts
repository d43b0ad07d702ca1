import { runService } from '@storefront/server-kit';
import { contentService } from './definition';

runService(contentService).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
