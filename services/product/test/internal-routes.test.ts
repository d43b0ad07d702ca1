import { describeInternalRouteProbes } from '@storefront/server-kit/testing';
import { productService } from '../src/definition';

describeInternalRouteProbes(productService, ['GET /internal/status']);
