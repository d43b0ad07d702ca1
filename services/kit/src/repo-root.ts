import { existsSync } from 'node:fs';
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

export function defaultDataDir(): string {
  return process.env.STOREFRONT_DATA_DIR ?? path.join(findRepoRoot(), '.data');
}
