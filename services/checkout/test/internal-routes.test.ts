import { describeInternalRouteProbes } from '@storefront/server-kit/testing';
import { checkoutService } from '../src/definition';

describeInternalRouteProbes(checkoutService, [
  'GET /internal/status',
  'PUT /internal/affiliate-codes/PROBE',
  'POST /internal/program-events/lookup',
]);
