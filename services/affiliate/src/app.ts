import { Router } from 'express';
import type { AffiliateParts } from './parts';
import { applicationRoutes } from './routes/applications';
import { operatorRoutes } from './routes/operator';
import { programEventRoutes } from './routes/program-events';

/** Every route of the affiliate service: for accounts, for operators, and checkout's events. */
export function affiliateRoutes(parts: AffiliateParts): Router {
  return Router().use(applicationRoutes(parts)).use(operatorRoutes(parts)).use(programEventRoutes(parts));
}
