import * as z from '@storefront/schema';
import { routeDeclarationsSchema } from '@storefront/routing/contract';
import { remoteEntryUrl, type PublicRegistry } from './registry';

export const versionRecordSchema = z.object({
  version: z.string(),
  packageVersion: z.string(),
  contentHash: z.string(),
  commit: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** The pages the version serves, from its build declaration. */
  routes: z._default(routeDeclarationsSchema, []),
});
export type VersionRecord = z.infer<typeof versionRecordSchema>;

export const auditEntrySchema = z.object({
  action: z.enum(['activate', 'rollback']),
  version: z.string(),
  previous: z.nullable(z.string()),
  at: z.string(),
  by: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const moduleRecordSchema = z.object({
  live: z.nullable(z.string()),
  versions: z.array(versionRecordSchema),
  history: z.array(auditEntrySchema),
});
export type ModuleRecord = z.infer<typeof moduleRecordSchema>;

export const registrySchema = z.object({ modules: z.record(z.string(), moduleRecordSchema) });
export type Registry = z.infer<typeof registrySchema>;

export function toPublicRegistry(registry: Registry): PublicRegistry {
  const modules: PublicRegistry['modules'] = {};
  for (const [name, record] of Object.entries(registry.modules)) {
    const live = record.versions.find((v) => v.version === record.live);
    if (live)
      modules[name] = {
        version: live.version,
        entry: remoteEntryUrl(name, live.version),
        routes: live.routes,
      };
  }
  return { modules };
}
