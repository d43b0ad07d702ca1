import type { Database, LimitStore, RateLimitOptions, Representation } from '@storefront/server-kit';
import { Router } from 'express';
import { policiesRoutes } from './routes/policies';
import { subscribersRoutes } from './routes/subscribers';

/** Every route of the content service: policies from their snapshot, newsletter sign-ups. */
export function contentRoutes(
  policies: () => ReadonlyMap<string, Representation> | undefined,
  db: Database,
  signUps: RateLimitOptions,
  limits: LimitStore,
): Router {
  return Router()
    .use(policiesRoutes(policies))
    .use(subscribersRoutes(db, signUps, limits));
}
