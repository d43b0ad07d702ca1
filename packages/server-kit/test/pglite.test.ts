import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/pglite';

describe('the embedded database in a folder', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pglite-folder-'));
  const dataDir = path.join(folder, 'service');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is made on first open without the process keeping initdb’s heap, and keeps its data', async () => {
    const externalBefore = process.memoryUsage().external;
    const first = await openPglite(dataDir);
    // Opening a database already made takes PGlite's 128 MB heap and a little more; running initdb in
    // this process would have grown it to about 700 MB.
    expect(process.memoryUsage().external - externalBefore).toBeLessThan(300 * 1024 * 1024);
    await first.exec('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$);');
    await first.close();

    const again = await openPglite(dataDir);
    expect((await again.query<{ note: string }>('SELECT note FROM kept')).rows).toEqual([
      { note: 'still here' },
    ]);
    await again.close();
  });
});
