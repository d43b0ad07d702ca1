import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run lock` (after `npm install`): writes into package-lock.json the platform binaries npm left out.
 *
 * npm 11.13 records another platform's optional binary (@swc/core-darwin-arm64, nx's, unrs-resolver's)
 * as a bare placeholder: `{ "optional": true }`, with no version. Later npm versions (11.16+) leave them
 * out altogether. Depending on the order its registry fetches finish, `npm ci` then tries to place the
 * binary anew and either refuses the lockfile ("Missing: … from lock file") or crashes on the empty
 * version ("Invalid Version:"). A lockfile written on any machine normally names every platform's
 * binary with its version and integrity, and `npm ci` skips those that do not fit this machine; this
 * puts that back, reading each binary's manifest from the registry.
 */

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
  [field: string]: unknown;
}

interface Manifest {
  version: string;
  license?: string;
  cpu?: string[];
  os?: string[];
  libc?: string[];
  engines?: Record<string, string>;
  dist: { integrity: string };
}

const NESTED = '/node_modules/';

function isPlaceholder(path: string, entry: LockEntry): boolean {
  return path !== '' && entry.version === undefined && !entry.link;
}

function manifestOf(name: string, version: string): Manifest {
  const json = execFileSync('npm', ['view', `${name}@${version}`, '--json'], { encoding: 'utf8' });
  return JSON.parse(json) as Manifest;
}

/** The entry npm writes for an optional binary, its fields in npm's order. */
function entryFor(manifest: Manifest, placeholder: LockEntry): LockEntry {
  return {
    version: manifest.version,
    integrity: manifest.dist.integrity,
    ...(manifest.cpu && { cpu: manifest.cpu }),
    ...(manifest.libc && { libc: manifest.libc }),
    ...(manifest.license && { license: manifest.license }),
    ...(placeholder.dev && { dev: true }),
    optional: true,
    ...(manifest.os && { os: manifest.os }),
    ...(manifest.engines && { engines: manifest.engines }),
  };
}

function completeLockfile(lockfile: Lockfile): number {
  const { packages } = lockfile;
  const placeholders = Object.entries(packages).filter(([path, entry]) => isPlaceholder(path, entry));
  for (const [path, placeholder] of placeholders) {
    const cut = path.lastIndexOf(NESTED);
    const parentPath = path.slice(0, cut);
    const name = path.slice(cut + NESTED.length);
    const version = packages[parentPath]?.optionalDependencies?.[name];
    if (!version) throw new Error(`${path}: its parent does not name it among optional dependencies`);
    delete packages[path];
    // Hoisted beside the binaries npm did record, unless another version of it already lives there.
    const hoisted = `node_modules/${name}`;
    packages[hoisted in packages ? path : hoisted] = entryFor(manifestOf(name, version), placeholder);
  }
  const { '': root, ...rest } = packages;
  const sorted = Object.keys(rest).sort((a, b) => a.localeCompare(b, 'en'));
  lockfile.packages = { '': root!, ...Object.fromEntries(sorted.map((path) => [path, rest[path]!])) };
  return placeholders.length;
}

function main() {
  const file = join(process.cwd(), 'package-lock.json');
  const lockfile = JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  const completed = completeLockfile(lockfile);
  writeFileSync(file, `${JSON.stringify(lockfile, null, 2)}\n`);
  console.log(`package-lock.json: ${completed} platform binaries recorded in full.`);
}

main();
