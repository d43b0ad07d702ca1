import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModuleRecord, VersionRecord } from '@storefront/artifact-store';
import { defaultDataDir, endpointTableSchema, type ServiceEndpoint } from '@storefront/server-kit';
import { figuresByRelease, type ReleaseFigures } from '../canary';
import { endpointsFile } from '../module-services';
import { remoteModules } from '../modules';
import { openStackArtifacts } from '../publish';
import { runDirOf, shellMetricsUrls } from '../release-wait';

/** Up or down, as the probe says it: nothing more is told to strangers. */
async function probe(endpoint: ServiceEndpoint | undefined): Promise<string> {
  if (!endpoint) return 'not running';
  try {
    const answer = await fetch(`${endpoint.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return answer.ok ? 'ready' : 'NOT READY';
  } catch {
    return 'DOWN';
  }
}

/** Every shell's metrics text, when a stack runs here (for each release's answers and errors). */
const shellMetrics = (runDir: string): Promise<string[]> =>
  Promise.all(
    shellMetricsUrls(runDir).map((url) =>
      fetch(url, { signal: AbortSignal.timeout(2_000) })
        .then((answer) => answer.text())
        .catch(() => ''),
    ),
  );

const health = (figures: ReleaseFigures | undefined) =>
  figures
    ? {
        answers: figures.requests,
        errors5xx: figures.errors,
        errorPercent: figures.requests ? Math.round((1000 * figures.errors) / figures.requests) / 10 : 0,
        browserErrors: figures.browserErrors,
      }
    : null;

const releaseOf = (version: VersionRecord | undefined) =>
  version && {
    release: version.version,
    ui: version.ui?.version ?? null,
    service: version.service?.version ?? null,
  };

/**
 * `npm run modules` (`-- --json` for scripts, `-- --history` for the audit trail): each module's live
 * release with its UI and service versions, a canary beside it, the releases before it, and how each
 * fares (its service's probe; the answers and errors the shells counted for it, and the failures its
 * remote reported from shoppers' browsers).
 */
async function main() {
  const asJson = process.argv.includes('--json');
  const withHistory = process.argv.includes('--history');
  const runDir = runDirOf(path.resolve(defaultDataDir()));
  const artifacts = await openStackArtifacts();
  const registry = await artifacts.registry.read().finally(() => artifacts.close());
  const table = existsSync(endpointsFile(runDir))
    ? endpointTableSchema.parse(JSON.parse(readFileSync(endpointsFile(runDir), 'utf8')))
    : {};
  const texts = await shellMetrics(runDir);
  const report = await Promise.all(
    remoteModules.map(async ({ name }) => {
      const record: ModuleRecord | undefined = registry.modules[name];
      const figures = figuresByRelease(texts, name);
      const version = (id: string | null | undefined) => record?.versions.find((v) => v.version === id);
      const madeLive = (record?.history ?? []).filter((h) =>
        ['activate', 'rollback', 'promote'].includes(h.action),
      );
      const earlier = [...new Set(madeLive.map((h) => h.version).reverse())].filter(
        (v) => v !== record?.live,
      );
      return {
        module: name,
        live: record?.live
          ? {
              ...releaseOf(version(record.live)),
              service_health: await probe(table[name]?.live),
              health: health(figures.get(record.live)),
            }
          : null,
        canary: record?.canary
          ? {
              ...releaseOf(version(record.canary.version)),
              share: record.canary.share,
              since: record.canary.startedAt,
              health: health(figures.get(record.canary.version)),
            }
          : null,
        previous: earlier
          .slice(0, 5)
          .map((id) => ({ ...releaseOf(version(id)), health: health(figures.get(id)) })),
        ...(withHistory ? { history: record?.history ?? [] } : {}),
      };
    }),
  );
  if (asJson) return console.log(JSON.stringify(report, null, 2));
  const fare = (h: ReturnType<typeof health>) =>
    h
      ? `${h.answers} answers, ${h.errors5xx} 5xx (${h.errorPercent} %), ${h.browserErrors} browser errors`
      : 'no figures yet';
  for (const entry of report) {
    console.log(entry.module);
    if (!entry.live) console.log('  live:     not deployed');
    else {
      console.log(`  live:     ${entry.live.release} (UI ${entry.live.ui}, service ${entry.live.service})`);
      console.log(`            service ${entry.live.service_health}; ${fare(entry.live.health)}`);
    }
    if (entry.canary)
      console.log(
        `  canary:   ${entry.canary.release} for ${entry.canary.share} % since ${entry.canary.since}; ${fare(entry.canary.health)}`,
      );
    for (const before of entry.previous)
      console.log(
        `  before:   ${before.release} (UI ${before.ui}, service ${before.service}); ${fare(before.health)}`,
      );
    if (withHistory)
      for (const h of entry.history ?? [])
        console.log(
          `  ${h.at} ${h.action} ${h.version}${h.previous ? ` (was ${h.previous})` : ''} by ${h.by}: ${h.why ?? 'manual'}${h.figures ? ` ${JSON.stringify(h.figures)}` : ''}`,
        );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
