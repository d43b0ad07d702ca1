import path from 'node:path';
import { activate, endCanary, startCanary } from '@storefront/artifact-store';
import { defaultDataDir } from '@storefront/server-kit';
import { buildApps, distDir } from '../build';
import { bundleRunnable, RUNNABLES } from '../bundle';
import { watchCanary, type CanaryVerdict } from '../canary';
import { DeployRefused, deployRemote, liveShellDeclaration, refuseUnfit, releaseProblems } from '../deploy';
import { federatedTypeProblems } from '../federated-types';
import { setModuleImageTag } from '../kubernetes-release';
import { findRemote, workspacePackage } from '../modules';
import { currentCommit, openStackArtifacts, operator } from '../publish';
import { buildServiceRelease, uiReads } from '../release-build';
import {
  runDirOf,
  servesLive,
  shellMetricsUrls,
  stackRunsReleases,
  waitForSupervisor,
} from '../release-wait';
import { smokeCheck } from '../smoke-check';

const USAGE =
  'Usage: npm run deploy -- <module> [--canary <percent> [--watch <seconds>]] [--kubernetes <overlay folder>]';

function readArgs(args: string[]) {
  const [name, ...rest] = args;
  if (!name || name.startsWith('-')) throw new DeployRefused(USAGE);
  const text = (flag: string) => {
    const at = rest.indexOf(flag);
    return at === -1 ? undefined : rest[at + 1];
  };
  const option = (flag: string) => (text(flag) === undefined ? undefined : Number(text(flag)));
  const canary = option('--canary');
  const watchSeconds = option('--watch') ?? 60;
  if (canary !== undefined && !(Number.isInteger(canary) && canary >= 1 && canary <= 99))
    throw new DeployRefused(`--canary takes a share of shoppers from 1 to 99 (percent). ${USAGE}`);
  if (!(watchSeconds > 0)) throw new DeployRefused(`--watch takes seconds. ${USAGE}`);
  const kubernetes = text('--kubernetes');
  if (kubernetes !== undefined && canary !== undefined)
    throw new DeployRefused(
      "On Kubernetes a canary is the ingress controller's (see infra/README.md); --canary runs on npm start.",
    );
  return { name, canary, watchMs: watchSeconds * 1000, kubernetes };
}

/**
 * `npm run deploy -- <module>`: builds one module's release, both halves (its service's bundle with
 * its migrations and API contract, and its remote alone); checks it fits the live releases (what UIs
 * read and services return, migrations that two versions share; before the remote's build, as the
 * sources decide these) and the live shell (shared singletons, bus contract, routes, federated types);
 * publishes it; smoke-checks its remote in Chromium; and only then makes it live. On a running stack
 * the supervisor starts its service beside the old one and swaps them with no failed request; this
 * waits for it. With `--canary N` the release goes to N % of shoppers first, watched against the live
 * one (`--watch` seconds, 60 by default), and is promoted or rolled back by what it does.
 */
async function main() {
  const { name, canary, watchMs, kubernetes } = readArgs(process.argv.slice(2));
  const remote = findRemote(name);
  const runDir = runDirOf(path.resolve(defaultDataDir()));
  if (canary !== undefined && !(process.env.DATABASE_URL && stackRunsReleases(runDir)))
    throw new DeployRefused(
      'A canary runs two releases of a service at once on one database, and is judged by the running shells: it needs a stack on PostgreSQL (DATABASE_URL), started by npm start.',
    );
  // What the sources decide alone (what UIs read and services return, migrations two releases share)
  // is checked before the UI's build, which takes minutes: such a release is refused in seconds.
  console.log(`Building ${remote.name}'s service and checking it against the live releases…`);
  const runnable = RUNNABLES.find((candidate) => candidate.name === remote.name);
  if (runnable) await bundleRunnable(runnable);
  const service = (await buildServiceRelease(remote.name)) ?? undefined;
  const reads = await uiReads(remote);
  const artifacts = await openStackArtifacts();
  try {
    const registry = await artifacts.registry.read();
    refuseUnfit(remote.name, releaseProblems(artifacts, registry, remote.name, reads, service));
    console.log(`Building ${remote.dir}…`);
    await buildApps([remote.dir], { federatedTypes: true });
    const { version: packageVersion } = workspacePackage(remote.dir);
    console.log('Checking its federated types against what the shell expects of its modules…');
    const typeProblems = federatedTypeProblems([distDir(remote.dir)]);
    if (typeProblems.length) {
      throw new DeployRefused(`${remote.name} does not fit the shell:\n  ${typeProblems.join('\n  ')}`);
    }
    console.log(
      'Checking it against the live shell and releases, publishing and smoke-checking in Chromium…',
    );
    const { version, previous, release } = await deployRemote({
      artifacts,
      remote,
      buildDir: distDir(remote.dir),
      service,
      reads,
      shell: liveShellDeclaration(),
      smokeCheck,
      packageVersion,
      commit: currentCommit(),
      by: operator(),
      makeLive: canary === undefined,
    });
    const halves = `UI ${release.ui?.version ?? '?'}, service ${release.service?.version ?? 'none'}`;
    if (version === previous) return console.log(`${remote.name}: ${version} was already live.`);
    if (kubernetes) {
      const replaced = setModuleImageTag(kubernetes, remote.name, version);
      return console.log(
        `${remote.name}: ${version} is live in the registry (${halves}); ${kubernetes} now runs it (image tag ${version}, was ${replaced}): kubectl apply -k ${kubernetes}`,
      );
    }
    if (canary === undefined) {
      if (stackRunsReleases(runDir)) {
        try {
          const ms = await waitForSupervisor(runDir, remote.name, version, servesLive(version));
          console.log(`${remote.name}: swapped to ${version} in ${(ms / 1000).toFixed(1)} s`);
        } catch (error) {
          await activate(artifacts.registry, remote.name, previous!, operator(), 'rollback', {
            why: (error as Error).message,
          });
          throw new DeployRefused(`${(error as Error).message}; ${remote.name} is back at ${previous}.`);
        }
      }
      return console.log(`${remote.name}: ${version} is live (${halves}; was ${previous ?? 'none'}).`);
    }
    await startCanary(artifacts.registry, remote.name, version, canary, operator());
    let verdict: CanaryVerdict;
    try {
      await waitForSupervisor(runDir, remote.name, version, (t) => t.canary?.release === version);
      console.log(`${remote.name}: canary ${version} (${halves}) answers ${canary} % of shoppers; watching…`);
      verdict = await watchCanary({
        metricsUrls: shellMetricsUrls(runDir),
        module: remote.name,
        live: previous!,
        canary: version,
        watchMs,
        say: (line) => console.log(line),
      });
    } catch (error) {
      // A canary that cannot be watched is not left to shoppers.
      verdict = {
        outcome: 'canary-rollback',
        why: `it could not be watched: ${(error as Error).message}`,
        figures: {},
      };
    }
    await endCanary(artifacts.registry, remote.name, verdict.outcome, {
      by: 'canary',
      why: verdict.why,
      figures: verdict.figures,
    });
    await waitForSupervisor(runDir, remote.name, version, (t) =>
      verdict.outcome === 'promote' ? servesLive(version)(t) : !t.canary,
    );
    if (verdict.outcome === 'promote')
      console.log(`${remote.name}: canary ${version} promoted: ${verdict.why}.`);
    else throw new DeployRefused(`${remote.name}: canary ${version} rolled back: ${verdict.why}.`);
  } finally {
    await artifacts.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
