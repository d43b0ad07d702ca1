import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { packageRootOf } from '@storefront/server-kit';
import { REPO_ROOT, serviceProcesses, SHELL_DIR } from './modules';

/** A process that runs in production: its package folder and the entry point bundled from it. */
export interface Runnable {
  name: string;
  dir: string;
  entry: string;
}

export const RUNNABLES: Runnable[] = [
  ...serviceProcesses.map((service) => ({ name: service.name, dir: service.dir, entry: 'src/main.ts' })),
  { name: 'shell', dir: SHELL_DIR, entry: 'src/server/main.ts' },
  // A development stack's one embedded database, which its services share (npm start, without DATABASE_URL).
  { name: 'embedded-database', dir: 'packages/server-kit', entry: 'src/embedded-host/main.ts' },
];

/** Where a runnable's production bundle is written: JavaScript, started with plain `node`. */
export const bundleFile = (runnable: Pick<Runnable, 'dir'>) =>
  path.join(REPO_ROOT, runnable.dir, 'dist-node/main.js');

/** How a runnable is started (`checkout`, `shell`, `embedded-database`, …): its production bundle, with plain node. */
export function bundleCommand(name: string): string[] {
  return [process.execPath, bundleFile(RUNNABLES.find((r) => r.name === name)!)];
}

const WORKSPACE_SCOPE = '@storefront/';
const BUILTINS = new Set(builtinModules);

/** `pg` from `pg/lib/x`, `@scope/name` from `@scope/name/sub`. */
const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

interface Manifest {
  file: string;
  name: string;
  /** What its code may import at run time: dependencies, and peers the package using it provides. */
  dependencies: Record<string, string>;
}

/** The package.json a source file belongs to (its devDependencies counted when `withDev`). */
function owningManifest(file: string, withDev = false): Manifest {
  const dir = packageRootOf(path.dirname(file));
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return {
    file: path.join(dir, 'package.json'),
    name: manifest.name,
    dependencies: {
      ...(withDev ? manifest.devDependencies : {}),
      ...manifest.peerDependencies,
      ...manifest.dependencies,
    },
  };
}

/**
 * A package imported by a workspace package's code, loaded from that package's folder at run time, as
 * the unbundled code would load it: the bundle may run from anywhere (a module release runs it from the
 * artifact store), from where Node would find another copy, or none (the kit's undici 7 is not the
 * root's undici 6 of a development install).
 */
const fromOwner = (owner: string, specifier: string) => `
const { createRequire } = require('node:module');
module.exports = createRequire(require.resolve(${JSON.stringify(`${owner}/package.json`)}))(${JSON.stringify(specifier)});
`;

/** The version of `name` that code in `ownerDir` loads: the nearest node_modules holding it. */
function installedVersion(ownerDir: string, name: string): string | null {
  for (let dir = ownerDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (dir === path.dirname(dir)) return null;
  }
}

/** How a bundle may import: from a production install, or from the repository's development one. */
export interface ImportRules {
  /** devDependencies count as dependencies (the repository's own commands, never a production image). */
  development: boolean;
}

/** Whether a workspace package is plain JavaScript (loaded as it is, with its relative `require`s). */
function isJavaScriptPackage(specifier: string): boolean {
  const manifest = path.join(REPO_ROOT, 'node_modules', packageName(specifier), 'package.json');
  return /\.c?js$/.test((JSON.parse(readFileSync(manifest, 'utf8')) as { main?: string }).main ?? '');
}

/**
 * The workspace's own packages (TypeScript, not published) are compiled into the bundle; every other
 * package stays an import, resolved at run time from a production install (`npm ci --omit=dev`) the
 * way the unbundled code would resolve it. So that such an install is enough, each of those imports
 * must be a runtime dependency of the package whose code makes it; one that is not (a devDependency,
 * or one found only through hoisting) fails the build, naming the file, the import and the
 * package.json to declare it in. The repository's own commands (`development`) may also use
 * devDependencies, and load the workspace's JavaScript packages as they are.
 */
export function runtimeDependencies(runnableRoot: string, rules: ImportRules): Plugin {
  // Two workspace packages may each hold a copy of one version of a package (npm installs a copy
  // beside each when the root holds another version): the bundle loads the first owner's copy for
  // both, so a process never loads (and starts with) the same code twice.
  const ownerOfCopy = new Map<string, string>();
  const sharedOwner = (manifest: Manifest, name: string) => {
    const version = installedVersion(path.dirname(manifest.file), name);
    if (!version) return manifest.name;
    const key = `${name}@${version}`;
    if (!ownerOfCopy.has(key)) ownerOfCopy.set(key, manifest.name);
    return ownerOfCopy.get(key)!;
  };
  return {
    name: 'runtime-dependencies',
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || BUILTINS.has(args.path)) return { external: true };
        // A workspace package's folder is found at run time (its migrations, beside its package.json).
        if (args.path.startsWith(WORKSPACE_SCOPE))
          return args.path.endsWith('/package.json') || (rules.development && isJavaScriptPackage(args.path))
            ? { external: true }
            : undefined;
        if (args.namespace === 'owned-dependency') return { external: true };
        const name = packageName(args.path);
        const manifest = owningManifest(args.importer, rules.development);
        if (!(name in manifest.dependencies)) {
          return {
            errors: [
              {
                text: `${path.relative(REPO_ROOT, args.importer)} imports ${name}, which ${path.relative(REPO_ROOT, manifest.file)} does not list in its dependencies`,
              },
            ],
          };
        }
        const owner = sharedOwner(manifest, name);
        return {
          path: `${owner}\u0000${args.path}`,
          namespace: 'owned-dependency',
          pluginData: { owner, specifier: args.path },
        };
      });
      bundler.onLoad({ filter: /.*/, namespace: 'owned-dependency' }, (args) => {
        const { owner, specifier } = args.pluginData as { owner: string; specifier: string };
        return { contents: fromOwner(owner, specifier), loader: 'js', resolveDir: runnableRoot };
      });
    },
  };
}

/** Bundles one runnable into `dist-node/main.js` (with a source map beside it, for stack traces). */
export async function bundleRunnable(runnable: Runnable): Promise<void> {
  await build({
    entryPoints: [path.join(REPO_ROOT, runnable.dir, runnable.entry)],
    outfile: bundleFile(runnable),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [runtimeDependencies(path.join(REPO_ROOT, runnable.dir), { development: false })],
  });
}

/** Bundles every service and the shell's server for production. */
export async function bundleRunnables(): Promise<void> {
  await Promise.all(RUNNABLES.map(bundleRunnable));
}
