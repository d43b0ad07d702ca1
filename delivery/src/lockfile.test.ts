import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm ci` on a fresh machine (CI's, the image's) trusts package-lock.json. A package recorded without
 * its version (npm 11.13's placeholder for another platform's binary) makes it re-resolve that package,
 * and then refuse the lockfile or crash ("Invalid Version:"), depending on the order of its fetches.
 * `npm run lock` writes them in full (delivery/src/cli/complete-lockfile.ts).
 */
it('package-lock.json records every installed package with its version and integrity', () => {
  const lockfile = JSON.parse(readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string; link?: boolean }>;
  };
  const incomplete = Object.entries(lockfile.packages)
    .filter(([where, entry]) => where.includes('node_modules/') && !entry.link)
    .filter(([, entry]) => !entry.version || !entry.integrity)
    .map(([where]) => where);
  expect(incomplete).toEqual([]);
});
