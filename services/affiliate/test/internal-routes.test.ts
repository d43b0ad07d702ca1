import { describeInternalRouteProbes } from '@storefront/server-kit/testing';
import { affiliateService } from '../src/definition';

describeInternalRouteProbes(affiliateService, ['GET /internal/status', 'POST /internal/program-events']);
