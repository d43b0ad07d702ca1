import path from 'node:path';
import { DEFAULT_PORTS, type ServiceDefinition } from '@storefront/service-kit';
import { z } from 'zod';
import { startContent } from './app';
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

export const contentService: ServiceDefinition<typeof configShape> = {
  name: 'content',
  version,
  defaultPort: DEFAULT_PORTS.content,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  start: (context) =>
    startContent(context, {
      limit: context.config.NEWSLETTER_LIMIT_PER_CLIENT,
      windowMs: context.config.NEWSLETTER_LIMIT_WINDOW_MS,
    }),
};
