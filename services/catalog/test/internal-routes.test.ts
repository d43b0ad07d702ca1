import { describeInternalRouteProbes } from '@storefront/server-kit/testing';
import { catalogService } from '../src/definition';

describeInternalRouteProbes(catalogService, [
  'GET /internal/status',
  'POST /internal/quote',
  'GET /internal/price-list',
  'GET /internal/product-summaries',
]);
