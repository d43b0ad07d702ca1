// Narrows a copy of the repository's manifests (production-install.sh) to the workspaces given and the
// workspace packages they depend on, in package.json and package-lock.json alike, so that `npm ci`
// installs what they run with and nothing only another workspace needs. Their devDependencies go too:
// never installed here, but a workspace named among them (the build configuration) would be, with its
// own dependencies.
// usage: node runtime-workspaces.cjs <folder> <workspace>...
const fs = require('node:fs');
const path = require('node:path');

const [folder, ...runnable] = process.argv.slice(2);
const file = (name) => path.join(folder, name);
const root = JSON.parse(fs.readFileSync(file('package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(file('package-lock.json'), 'utf8'));

const isWorkspace = (key) => key !== '' && !key.includes('node_modules/');
const workspaceOf = new Map(
  Object.entries(lock.packages)
    .filter(([key, entry]) => isWorkspace(key) && entry.name)
    .map(([key, entry]) => [entry.name, key]),
);

// The runnable workspaces, and every workspace their runtime dependencies name, transitively.
const kept = new Set(runnable);
const waiting = [...runnable];
while (waiting.length) {
  const dependencies = lock.packages[waiting.pop()]?.dependencies ?? {};
  for (const name of Object.keys(dependencies)) {
    const workspace = workspaceOf.get(name);
    if (workspace && !kept.has(workspace)) {
      kept.add(workspace);
      waiting.push(workspace);
    }
  }
}

for (const [key, entry] of Object.entries(lock.packages)) {
  const dropped = isWorkspace(key) ? !kept.has(key) : entry.link && !kept.has(entry.resolved);
  if (dropped) delete lock.packages[key];
}
for (const workspace of kept) {
  delete lock.packages[workspace].devDependencies;
  const manifest = JSON.parse(fs.readFileSync(file(`${workspace}/package.json`), 'utf8'));
  delete manifest.devDependencies;
  fs.writeFileSync(file(`${workspace}/package.json`), `${JSON.stringify(manifest, null, 2)}\n`);
}
root.workspaces = [...kept].sort();
lock.packages[''].workspaces = root.workspaces;
fs.writeFileSync(file('package.json'), `${JSON.stringify(root, null, 2)}\n`);
fs.writeFileSync(file('package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
