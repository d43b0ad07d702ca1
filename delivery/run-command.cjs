'use strict';
/**
 * Runs one of delivery's commands (`node delivery/run-command.cjs rollback checkout`) from its bundle,
 * bundled again first (src/command-bundle.ts, through tsx) when a file it was built from has changed.
 *
 * Why not tsx every time: tsx compiles and loads every module of every package a command imports
 * before its first line runs, about 1.5 s on an idle two-core machine and four times that beside a
 * stack under load, while an operator's rollback has 5 s in all. The bundle holds the modules the
 * command uses and nothing else, and no source map: reading one cost a fifth of the start, and a
 * command reports its failures by message (for a stack, run its source through `node --import tsx`).
 */
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('Usage: node delivery/run-command.cjs <command in delivery/src/cli> [arguments…]');
  process.exit(2);
}
const bundle = path.join(__dirname, 'dist-node/cli', `${name}.cjs`);

/** The repository this launcher is in: a bundle built in another checkout is not this one's. */
const repository = path.resolve(__dirname, '..');

/**
 * Whether the bundle is the one its record names, built in this repository, and every file it came
 * from is as it was. (A checkout copied with its ignored files keeps the first one's record, whose
 * files are the first checkout's: their times say nothing of this one's sources.)
 */
function isCurrent() {
  try {
    const { build, root, inputs } = JSON.parse(readFileSync(`${bundle}.inputs.json`, 'utf8'));
    const firstLine = readFileSync(bundle, 'utf8').slice(0, 40).split('\n')[0];
    return (
      firstLine === `// build ${build}` &&
      root === repository &&
      Object.entries(inputs).every(([file, changed]) => statSync(file).mtimeMs === changed)
    );
  } catch {
    return false;
  }
}

async function main() {
  if (!isCurrent()) {
    const unregister = require('tsx/cjs/api').register();
    await require('./src/command-bundle.ts').bundleCommand(name);
    unregister();
    // esbuild's service process would otherwise live as long as the command (the supervisor: the stack's life).
    await require('esbuild').stop();
  }
  // The command reads its arguments from process.argv.slice(2), as when it is run on its own.
  process.argv = [process.argv[0], bundle, ...args];
  require(bundle);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
