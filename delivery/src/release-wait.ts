import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { endpointTableSchema, type ModuleEndpoints } from '@storefront/server-kit';
import { endpointsFile } from './module-services';
import { metricsPortOf, type StackPlan } from './stack-plan';

/** The running stack's run folder on this machine (its endpoints table and topology), when there is one. */
export const runDirOf = (dataDir: string) => path.join(dataDir, 'run');

/** Whether a stack started by `npm start` runs its module services from releases here. */
export const stackRunsReleases = (runDir: string) => existsSync(endpointsFile(runDir));

/**
 * Waits until the stack's supervisor has done what the registry now asks of `module` (`done` says
 * when, from its endpoints table), or refuses with why: it said the release never answered, or the
 * time ran out. Resolves with the milliseconds it took.
 */
export async function waitForSupervisor(
  runDir: string,
  module: string,
  release: string,
  done: (endpoints: ModuleEndpoints) => boolean,
  timeoutMs = 90_000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const table = endpointTableSchema.parse(JSON.parse(readFileSync(endpointsFile(runDir), 'utf8')));
    const endpoints = table[module];
    if (endpoints?.failed === release)
      throw new Error(`${module} ${release} did not start: its service never answered its readiness probe`);
    if (endpoints && done(endpoints)) return Date.now() - started;
    await sleep(25);
  }
  throw new Error(`${module} ${release} was not running ${timeoutMs / 1000} s after it was made live`);
}

/** Where each of the running stack's shells serves its metrics (a canary is judged on them). */
export function shellMetricsUrls(runDir: string): string[] {
  const topology = path.join(runDir, 'topology.json');
  if (!existsSync(topology)) return [];
  const plan = JSON.parse(readFileSync(topology, 'utf8')) as StackPlan;
  return plan.shell.instances.map((instance) => `http://127.0.0.1:${metricsPortOf(instance.port)}/metrics`);
}

/** `done` for a release made live: it answers everyone, and no hand-over is under way. */
export const servesLive = (release: string) => (endpoints: ModuleEndpoints) =>
  endpoints.live.release === release && !endpoints.paused;
