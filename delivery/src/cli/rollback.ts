import path from 'node:path';
import { activate, endCanary } from '@storefront/artifact-store';
import { defaultDataDir } from '@storefront/server-kit';
import { rollbackTarget } from '../rollback-target';
import { setModuleImageTag } from '../kubernetes-release';
import { findRemote } from '../modules';
import { openStackArtifacts, operator } from '../publish';
import { runDirOf, servesLive, stackRunsReleases, waitForSupervisor } from '../release-wait';

/**
 * `npm run rollback -- <module> [version] [--why <words>] [--kubernetes <overlay>]`: makes the previous
 * (or the named) release live, both halves: the next page is rendered with its remote, and on a running
 * stack its service is swapped back in (this waits for it); on Kubernetes, the overlay's image tag for
 * the module is set back, for `kubectl apply -k`.
 */
async function main() {
  const args = process.argv.slice(2);
  const take = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args.splice(at, 2)[1];
  };
  const why = take('--why') ?? 'manual';
  const kubernetes = take('--kubernetes');
  const [name, named] = args;
  if (!name)
    throw new Error(
      'Usage: npm run rollback -- <module> [version] [--why <words>] [--kubernetes <overlay folder>]',
    );
  const remote = findRemote(name);
  const started = Date.now();
  const artifacts = await openStackArtifacts();
  try {
    const registry = await artifacts.registry.read();
    const current = registry.modules[remote.name]?.live;
    const target = rollbackTarget(registry, remote.name, named);
    // A canary running is taken back too: the rollback is to one release, for everyone.
    if (registry.modules[remote.name]?.canary)
      await endCanary(artifacts.registry, remote.name, 'canary-rollback', { by: operator(), why });
    await activate(artifacts.registry, remote.name, target, operator(), 'rollback', { why });
    const runDir = runDirOf(path.resolve(defaultDataDir()));
    if (kubernetes) {
      setModuleImageTag(kubernetes, remote.name, target);
      console.log(`${kubernetes} runs ${remote.name} ${target} again: kubectl apply -k ${kubernetes}`);
    } else if (stackRunsReleases(runDir))
      await waitForSupervisor(runDir, remote.name, target, servesLive(target));
    const release = (await artifacts.registry.read()).modules[remote.name]!.versions.find(
      (v) => v.version === target,
    )!;
    console.log(
      `${remote.name}: rolled back from ${current} to ${target} (UI ${release.ui?.version ?? '?'}, service ${release.service?.version ?? 'none'}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await artifacts.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
