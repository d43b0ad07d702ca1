import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { packageRootOf } from '@storefront/server-kit';
import { runtimeDependencies } from './bundle';
import { REPO_ROOT } from './modules';

const DELIVERY_DIR = path.join(REPO_ROOT, 'delivery');

/**
 * What `run-command.cjs` reads beside a command's bundle to tell whether it is current: the bundle's
 * build id (its first line names it), the repository it was built in, and every file it was built from
 * with its modification time.
 */
export interface CommandBundleRecord {
  build: string;
  root: string;
  inputs: Record<string, number>;
}

/** A command's bundle: inside delivery, so that what its code finds from its own folder holds. */
export const commandBundleFile = (name: string) => path.join(DELIVERY_DIR, 'dist-node/cli', `${name}.cjs`);
export const commandRecordFile = (name: string) => `${commandBundleFile(name)}.inputs.json`;

/** The package.json above a source file: how it bundles (its dependencies) is decided there. */
const manifestOf = (file: string) => path.join(packageRootOf(path.dirname(file)), 'package.json');

/**
 * Bundles `delivery/src/cli/<name>.ts`, the workspace's TypeScript compiled in and every other package
 * loaded from the development install, and records what it was built from. Written under temporary
 * names and renamed, so a command started meanwhile runs a whole bundle; the build id ties the record
 * to its bundle when two builds race.
 */
export async function bundleCommand(name: string): Promise<void> {
  const bundle = commandBundleFile(name);
  const id = randomBytes(8).toString('hex');
  const started = Date.now();
  const result = await build({
    entryPoints: [path.join(DELIVERY_DIR, 'src/cli', `${name}.ts`)],
    absWorkingDir: REPO_ROOT,
    write: false,
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    banner: { js: `// build ${id}` },
    metafile: true,
    logLevel: 'warning',
    plugins: [runtimeDependencies(DELIVERY_DIR, { development: true })],
  });
  const sources = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes(':'))
    .map((input) => path.resolve(REPO_ROOT, input));
  const files = new Set([
    ...sources,
    ...sources.map(manifestOf),
    path.join(DELIVERY_DIR, 'src/bundle.ts'),
    path.join(DELIVERY_DIR, 'src/command-bundle.ts'),
    path.join(REPO_ROOT, 'package-lock.json'),
  ]);
  const record: CommandBundleRecord = {
    build: id,
    root: REPO_ROOT,
    // A file changed while the build read it is recorded as unknown: the next run builds again.
    inputs: Object.fromEntries(
      [...files].map((file) => {
        const changed = statSync(file).mtimeMs;
        return [file, changed < started ? changed : 0];
      }),
    ),
  };
  mkdirSync(path.dirname(bundle), { recursive: true });
  const temporary = `${bundle}.${id}`;
  writeFileSync(temporary, result.outputFiles[0]!.contents);
  renameSync(temporary, bundle);
  writeFileSync(`${temporary}.json`, JSON.stringify(record));
  renameSync(`${temporary}.json`, commandRecordFile(name));
}

/**
 * The commands an operator runs against a live stack, where seconds count (a rollback has 5 s in all):
 * `npm start` bundles them beforehand, so that the first one run does not pay for its bundle.
 */
export const OPERATOR_COMMANDS = ['rollback', 'modules'];

export async function bundleOperatorCommands(): Promise<void> {
  await Promise.all(OPERATOR_COMMANDS.map(bundleCommand));
}
