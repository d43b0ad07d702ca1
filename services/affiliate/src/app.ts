import { Router } from 'express';
import type { AffiliateParts } from './parts';
import { applicationRoutes } from './routes/applications';
import { operatorRoutes } from './routes/operator';

/** Every route of the affiliate service: joining, for accounts and for operators. */
export function affiliateRoutes(parts: AffiliateParts): Router {
  return Router().use(applicationRoutes(parts)).use(operatorRoutes(parts));
}
