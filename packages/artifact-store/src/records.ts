import * as z from '@storefront/schema';
import { moduleManifestSchema, routeDeclarationsSchema } from '@storefront/routing/contract';
import { defineModule, type ModuleManifest } from '@storefront/routing/module';
import { remoteEntryUrl, type PublicRegistry } from './registry';

/** A module's service build, as a release carries it: its version and what its database must hold. */
export const serviceBuildSchema = z.object({
  /** `<package version>-<hash of the bundle, its migrations and its API contract>`. */
  version: z.string(),
  /** Its migrations' file names, in order. */
  migrations: z.array(z.string()),
});
export type ServiceBuild = z.infer<typeof serviceBuildSchema>;

/**
 * One release of a module: its remote build (served under `/remotes/<module>/<version>/`) and, for a
 * module with a service, the service build it was released with. Either half may be the same as the
 * release before's; the release's version changes with either.
 */
export const versionRecordSchema = z.object({
  version: z.string(),
  packageVersion: z.string(),
  contentHash: z.string(),
  commit: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** The pages the version serves, from its build declaration (releases recorded before manifests). */
  routes: z._default(routeDeclarationsSchema, []),
  /** What the release declares of itself: its routes, actions, fragments, cookies, bindings, and what it uses. */
  manifest: z.optional(moduleManifestSchema),
  /** The remote build's own version (`<package version>-<hash of its files>`). */
  ui: z.optional(z.object({ version: z.string() })),
  service: z.optional(serviceBuildSchema),
});
export type VersionRecord = z.infer<typeof versionRecordSchema>;

/** A release's manifest; a release recorded before manifests declared its routes alone. */
export const manifestOf = (release: VersionRecord): ModuleManifest =>
  release.manifest ?? defineModule({ routes: release.routes });

/** What an audit entry records: every change an operator, a deploy or a canary makes to a module. */
export const auditActionSchema = z.enum([
  'publish',
  'activate',
  'rollback',
  'canary',
  'promote',
  'canary-rollback',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  action: auditActionSchema,
  version: z.string(),
  previous: z.nullable(z.string()),
  at: z.string(),
  by: z.string(),
  /** Why: 'manual' for an operator's command, else what decided it (a canary's verdict). */
  why: z.optional(z.string()),
  /** The figures behind the decision (a canary's error rates and latencies, each release's). */
  figures: z.optional(z.record(z.string(), z.number())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A release given to a share of shoppers beside the live one, sticky per shopper, until decided. */
export const canarySchema = z.object({
  version: z.string(),
  /** Percent of shoppers, 1 to 99. */
  share: z.number(),
  startedAt: z.string(),
  by: z.string(),
});
export type Canary = z.infer<typeof canarySchema>;

export const moduleRecordSchema = z.object({
  live: z.nullable(z.string()),
  canary: z._default(z.nullable(canarySchema), null),
  versions: z.array(versionRecordSchema),
  history: z.array(auditEntrySchema),
});
export type ModuleRecord = z.infer<typeof moduleRecordSchema>;

export const registrySchema = z.object({ modules: z.record(z.string(), moduleRecordSchema) });
export type Registry = z.infer<typeof registrySchema>;

/**
 * The release of each module a shopper is served: the live one, or its canary for a shopper the canary
 * was given to (`canaryFor` says which modules).
 */
export function servedReleases(
  registry: Registry,
  canaryFor: (module: string) => boolean = () => false,
): Record<string, VersionRecord> {
  const served: Record<string, VersionRecord> = {};
  for (const [name, record] of Object.entries(registry.modules)) {
    const chosen = record.canary && canaryFor(name) ? record.canary.version : record.live;
    const release = record.versions.find((v) => v.version === chosen);
    if (release) served[name] = release;
  }
  return served;
}

/** The browser's view of the registry: each module's release as served to a shopper, and what the page needs of its manifest. */
export function toPublicRegistry(
  registry: Registry,
  canaryFor: (module: string) => boolean = () => false,
): PublicRegistry {
  const modules: PublicRegistry['modules'] = {};
  for (const [name, release] of Object.entries(servedReleases(registry, canaryFor))) {
    const { routes, bindings, slots, links } = manifestOf(release);
    modules[name] = {
      version: release.version,
      entry: remoteEntryUrl(name, release.version),
      routes,
      bindings,
      slots,
      links,
    };
  }
  return { modules };
}

/** Whether a shopper in `bucket` is given the module's canary (when it has one). */
export const inCanary = (registry: Registry, module: string, bucket: number | undefined) => {
  const canary = registry.modules[module]?.canary;
  return Boolean(canary && bucket !== undefined && bucket < canary.share);
};
