import type { Registry } from '@storefront/artifact-store';

/** A rollback that cannot be made; the message says why, and nothing live has changed. */
export class RollbackRefused extends Error {}

/**
 * The version to roll back to: the one named, or the one that was live before the current one. Apart
 * from the deploy's checks, so that `npm run rollback` loads none of them.
 */
export function rollbackTarget(registry: Registry, module: string, named?: string): string {
  const record = registry.modules[module];
  if (!record?.live) throw new RollbackRefused(`${module} has no live version to roll back from.`);
  if (named) {
    if (!record.versions.some((v) => v.version === named))
      throw new RollbackRefused(`${module} has no published version ${named}.`);
    return named;
  }
  const madeLive = ['activate', 'rollback', 'promote'];
  const lastChange = [...record.history]
    .reverse()
    .find((entry) => madeLive.includes(entry.action) && entry.version === record.live);
  if (!lastChange?.previous)
    throw new RollbackRefused(`${module} has no earlier live version; name one to roll back to.`);
  return lastChange.previous;
}
