import { buildApps, distDir } from '../build';
import { DeployRefused, deployRemote, liveShellDeclaration } from '../deploy';
import { federatedTypeProblems } from '../federated-types';
import { findRemote, workspacePackage } from '../modules';
import { currentCommit, openStackArtifacts, operator } from '../publish';
import { smokeCheck } from '../smoke-check';

/**
 * `npm run deploy -- <module>`: builds one remote alone, checks it fits the live shell (its shared
 * singletons, bus contract and routes, and its federated types against the shell's contracts),
 * publishes it, smoke-checks it in Chromium and only then makes it live. Open pages get it on their
 * next load.
 */
async function main() {
  const name = process.argv[2];
  if (!name) throw new DeployRefused('Usage: npm run deploy -- <module>   (for example: content)');
  const remote = findRemote(name);
  console.log(`Building ${remote.dir}…`);
  await buildApps([remote.dir]);
  const { version: packageVersion } = workspacePackage(remote.dir);
  console.log('Checking its federated types against what the shell expects of its modules…');
  const typeProblems = federatedTypeProblems([distDir(remote.dir)]);
  if (typeProblems.length) {
    throw new DeployRefused(`${remote.name} does not fit the shell:\n  ${typeProblems.join('\n  ')}`);
  }
  console.log('Checking compatibility, publishing and smoke-checking in Chromium…');
  const artifacts = await openStackArtifacts();
  const { version, previous } = await deployRemote({
    artifacts,
    remote,
    buildDir: distDir(remote.dir),
    shell: liveShellDeclaration(),
    smokeCheck,
    packageVersion,
    commit: currentCommit(),
    by: operator(),
  }).finally(() => artifacts.close());
  console.log(
    version === previous
      ? `${remote.name}: ${version} was already live.`
      : `${remote.name}: ${version} is live (was ${previous ?? 'none'}).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
