import { findRemote, remoteModules } from '../modules';
import { publishReleases } from '../publish';

/**
 * `npm run publish-remotes -- [module…]`: publishes the current build of each named remote (all by default)
 * into the artifact store (its folder, and its bucket when ARTIFACT_BUCKET is set) and makes it live.
 * A deployment's first publication (the image's builds, by its publish job), where `npm run deploy`
 * builds and smoke-checks one module at a time.
 */
async function main() {
  const names = process.argv.slice(2);
  const remotes = names.length ? names.map(findRemote) : remoteModules;
  await publishReleases(remotes, (line) => console.log(line));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
