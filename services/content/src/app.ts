import type { Database } from '@storefront/service-kit';
import { Router } from 'express';
import { policiesRoutes } from './routes/policies';
import { subscribersRoutes } from './routes/subscribers';

export function contentRoutes(db: Database): Router {
  return Router().use(policiesRoutes(db)).use(subscribersRoutes(db));
}
