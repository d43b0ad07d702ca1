import { Client } from 'pg';
import { clearLimits, limitNamespace } from '@storefront/server-kit';
import { serviceProcesses } from './modules';

/**
 * What a local stack's services call their PostgreSQL schemas: STOREFRONT_SCHEMA_PREFIX before each
 * service's name, so that the e2e suite's stack (`e2e_`) and a developer's share one database unharmed.
 */
export function schemaPrefix(): string {
  const prefix = process.env.STOREFRONT_SCHEMA_PREFIX ?? '';
  if (!/^([a-z][a-z0-9_]{0,19})?$/.test(prefix)) {
    throw new Error('STOREFRONT_SCHEMA_PREFIX must be a lower-case SQL name such as e2e_');
  }
  return prefix;
}

/** Starting fresh with Redis: every counter of this stack's services is forgotten. */
export async function clearStackLimits(redisUrl: string, prefix: string): Promise<void> {
  for (const service of serviceProcesses) {
    await clearLimits(redisUrl, limitNamespace(service.name, `${prefix}${service.name.replace(/-/g, '_')}`));
  }
}

/** Starting fresh on PostgreSQL: every service schema of this prefix is dropped, data and all. */
export async function dropServiceSchemas(databaseUrl: string, prefix: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const service of serviceProcesses) {
      await client.query(`DROP SCHEMA IF EXISTS ${prefix}${service.name.replace(/-/g, '_')} CASCADE`);
    }
  } finally {
    await client.end();
  }
}
