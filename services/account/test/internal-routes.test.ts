import { describeInternalRouteProbes } from '@storefront/server-kit/testing';
import { accountService } from '../src/definition';

describeInternalRouteProbes(accountService, ['GET /internal/status']);
