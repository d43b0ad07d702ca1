import { buildApp } from '../build';
import { findRemote } from '../modules';
import { artifactStore, publishRemote } from '../publish';

/**
 * `npm run publish:remote -- <module>`: rebuilds one remote alone and makes its new version live.
 * Running shells pick it up on the next page load; nothing restarts.
 */
async function main() {
  const name = process.argv[2];
  if (!name) throw new Error('Usage: npm run publish:remote -- <module>   (for example: content)');
  const remote = findRemote(name);
  const outcome = await buildApp(remote.dir);
  const { version } = publishRemote(artifactStore(), remote);
  console.log(`${remote.name}: ${outcome === 'built' ? 'built and ' : ''}published; live version ${version}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
