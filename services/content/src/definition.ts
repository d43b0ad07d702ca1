import path from 'node:path';
import type { ServiceDefinition } from '@storefront/service-kit';
import { startContent } from './app';
import { version } from '../package.json';

export const contentService: ServiceDefinition<Record<string, never>> = {
  name: 'content',
  version,
  defaultPort: 4005,
  configShape: {},
  migrationsDir: path.join(__dirname, '../migrations'),
  start: startContent,
};
