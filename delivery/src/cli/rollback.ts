import { activate } from '@storefront/artifact-store';
import { rollbackTarget } from '../deploy';
import { findRemote } from '../modules';
import { openStackArtifacts, operator } from '../publish';

/** `npm run rollback -- <module> [version]`: makes the previous (or the named) version live at once. */
async function main() {
  const [name, named] = process.argv.slice(2);
  if (!name) throw new Error('Usage: npm run rollback -- <module> [version]');
  const remote = findRemote(name);
  const artifacts = await openStackArtifacts();
  try {
    const registry = await artifacts.registry.read();
    const current = registry.modules[remote.name]?.live;
    const target = rollbackTarget(registry, remote.name, named);
    await activate(artifacts.registry, remote.name, target, operator(), 'rollback');
    console.log(`${remote.name}: rolled back from ${current} to ${target}.`);
  } finally {
    await artifacts.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
