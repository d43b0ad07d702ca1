import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The monorepo's root (the folder with lerna.json), so every service finds `.data/` in one place. */
export function findRepoRoot(start = __dirname): string {
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, 'lerna.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** The folder of the package a file belongs to (the nearest package.json above it), from source or bundle. */
export function packageRootOf(start: string): string {
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export function defaultDataDir(): string {
  return process.env.STOREFRONT_DATA_DIR ?? path.join(findRepoRoot(), '.data');
}

/**
 * A development secret (the account service's signing key on a developer's machine): generated once,
 * kept readable only by its owner under the data folder, and the same for every process that asks. A
 * deployment sets its secrets instead; production refuses to start without them.
 */
export function developmentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
