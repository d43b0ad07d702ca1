import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The domain entry is what a service's domain/ may import; it must stay free of every package, so a
 * domain module never loads express, pg or ioredis. Bundling it shows every file it loads at run time.
 */
it('the domain entry loads no package at run time, only the kit files it names', async () => {
  const entry = fileURLToPath(new URL('../src/domain.ts', import.meta.url));
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  });
  const loaded = Object.keys(metafile.inputs);
  expect(loaded.filter((file) => file.includes('node_modules'))).toEqual([]);
  expect(loaded.map((file) => file.replace(/^.*\/src\//, '')).sort()).toEqual([
    'database.ts',
    'domain-errors.ts',
    'domain.ts',
    'outage-hold.ts',
    'signed-in-account.ts',
  ]);
});
