import { Router } from 'express';
import type { ContentParts } from './parts';
import { policiesRoutes } from './routes/policies';
import { subscribersRoutes } from './routes/subscribers';

/** Every route of the content service: policies from their snapshot, newsletter sign-ups. */
export function contentRoutes({ policies, db, signUps, limits }: ContentParts): Router {
  return Router()
    .use(policiesRoutes(policies))
    .use(subscribersRoutes(db, signUps, limits));
}
