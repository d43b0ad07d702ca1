import { describeInternalRouteProbes } from '@storefront/server-kit/testing';
import { contentService } from '../src/definition';

describeInternalRouteProbes(contentService, ['GET /internal/status']);
