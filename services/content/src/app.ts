import {
  dataVersion,
  openLiveSnapshot,
  representJson,
  memoryLimits,
  type Database,
  type LimitStore,
  type Logger,
  type RateLimitOptions,
  type ServiceParts,
} from '@storefront/service-kit';
import { Router } from 'express';
import { policiesRoutes, policyPath } from './routes/policies';
import { subscribersRoutes } from './routes/subscribers';
import { listPolicies } from './store/policies-store';

/** The content service: policies answered from a live snapshot, sign-ups written to the database. */
export async function startContent(
  { db, logger, limits = memoryLimits }: { db: Database; logger: Logger; limits?: LimitStore },
  /** Newsletter sign-ups one client may send per window. */
  signUps: RateLimitOptions,
): Promise<ServiceParts> {
  const policies = await openLiveSnapshot({
    name: 'policies',
    version: () => dataVersion(db),
    // Policies change rarely; a short shared cache keeps page loads off the service, ETags after that.
    load: async () =>
      new Map(
        (await listPolicies(db)).map((policy) => [
          policyPath(policy.slug),
          representJson(policy, 'public, max-age=300'),
        ]),
      ),
    logger,
  });
  return {
    routes: Router()
      .use(policiesRoutes(policies.current))
      .use(subscribersRoutes(db, signUps, limits)),
    published: (path) => policies.current()?.get(path),
    stop: policies.close,
  };
}
