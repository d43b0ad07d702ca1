import path from 'node:path';
import {
  DEFAULT_PORTS,
  dataVersion,
  memoryLimits,
  openLiveSnapshot,
  representJson,
  type Database,
  type EdgeControl,
  type LimitStore,
  type Logger,
  type ServiceDefinition,
  type ServiceParts,
} from '@storefront/server-kit';
import { z } from 'zod';
import { contentRoutes } from './app';
import type { ContentParts } from './parts';
import { policyPath } from './routes/policies';
import { listPolicies } from './store/policies-store';
import { version } from '../package.json';

const configShape = {
  /**
   * The answer says whether an email is already subscribed (the spec's 'Already subscribed'), so
   * without a limit per client the sign-up would list the subscribers.
   */
  NEWSLETTER_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(10),
  NEWSLETTER_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
};

/** The content service: policies answered from a live snapshot, sign-ups written to the database. */
export async function startContent(
  {
    db,
    logger,
    limits = memoryLimits,
    edge,
  }: { db: Database; logger: Logger; limits?: LimitStore; edge?: EdgeControl },
  { signUps }: Pick<ContentParts, 'signUps'>,
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
    publish: edge?.publish,
  });
  return {
    routes: contentRoutes({ db, policies: policies.current, signUps, limits }),
    published: (path) => policies.current()?.get(path),
    stop: policies.close,
  };
}

export const contentService: ServiceDefinition<typeof configShape> = {
  name: 'content',
  version,
  defaultPort: DEFAULT_PORTS.content,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  start: (context) =>
    startContent(context, {
      signUps: {
        limit: context.config.NEWSLETTER_LIMIT_PER_CLIENT,
        windowMs: context.config.NEWSLETTER_LIMIT_WINDOW_MS,
      },
    }),
};
