import { rollbackTarget } from '../deploy';
import { findRemote } from '../modules';
import { artifactStore, operator } from '../publish';

/** `npm run rollback -- <module> [version]`: makes the previous (or the named) version live at once. */
function main() {
  const [name, named] = process.argv.slice(2);
  if (!name) throw new Error('Usage: npm run rollback -- <module> [version]');
  const remote = findRemote(name);
  const store = artifactStore();
  const current = store.readRegistry().modules[remote.name]?.live;
  const target = rollbackTarget(store, remote.name, named);
  store.activate(remote.name, target, operator(), 'rollback');
  console.log(`${remote.name}: rolled back from ${current} to ${target}.`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
