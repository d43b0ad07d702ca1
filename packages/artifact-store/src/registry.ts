import { z } from 'zod';

export const versionRecordSchema = z.object({
  version: z.string(),
  packageVersion: z.string(),
  contentHash: z.string(),
  commit: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
});
export type VersionRecord = z.infer<typeof versionRecordSchema>;

export const auditEntrySchema = z.object({
  action: z.enum(['activate', 'rollback']),
  version: z.string(),
  previous: z.string().nullable(),
  at: z.string(),
  by: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const moduleRecordSchema = z.object({
  live: z.string().nullable(),
  versions: z.array(versionRecordSchema),
  history: z.array(auditEntrySchema),
});
export type ModuleRecord = z.infer<typeof moduleRecordSchema>;

export const registrySchema = z.object({ modules: z.record(z.string(), moduleRecordSchema) });
export type Registry = z.infer<typeof registrySchema>;

/**
 * The browser's view (/registry.json): where the live version of each module is, nothing more. The
 * shell's browser code reads it through `@storefront/artifact-store/registry`, which has no Node code.
 */
export const publicRegistrySchema = z.object({
  modules: z.record(z.string(), z.object({ version: z.string(), entry: z.string() })),
});
export type PublicRegistry = z.infer<typeof publicRegistrySchema>;

export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

export function remoteEntryUrl(module: string, version: string): string {
  return `/remotes/${module}/${version}/${REMOTE_ENTRY_FILE}`;
}

export function toPublicRegistry(registry: Registry): PublicRegistry {
  const modules: PublicRegistry['modules'] = {};
  for (const [name, record] of Object.entries(registry.modules)) {
    if (record.live) modules[name] = { version: record.live, entry: remoteEntryUrl(name, record.live) };
  }
  return { modules };
}
