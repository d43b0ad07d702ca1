import { freePort } from '@storefront/server-kit/testing';
import { startProcess, waitUntilReady, type SupervisedProcess } from './processes';

const node = (script: string) => [process.execPath, '-e', script];
const answerOn = (port: number) =>
  `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1');`;

describe('waiting for a started process to answer', () => {
  const started: SupervisedProcess[] = [];
  const start = (name: string, script: string, maxAttempts?: number) => {
    const supervised = startProcess(name, node(script), {}, { maxAttempts });
    started.push(supervised);
    return supervised;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((supervised) => supervised.stop()));
  });

  it('keeps waiting past its time while the process is still working (a build, a migration, a busy machine)', async () => {
    const port = await freePort();
    // Two seconds of work before it listens: four times the wait it is given.
    const working = start(
      'slow starter',
      `const until = Date.now() + 2000; while (Date.now() < until); ${answerOn(port)}`,
    );
    const began = Date.now();
    await waitUntilReady('slow starter', `http://127.0.0.1:${port}/`, { withinMs: 500, process: working });
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_500);
  });

  it('gives up on a process that is alive but does nothing, naming it and what to do', async () => {
    const port = await freePort();
    const idle = start('idle starter', 'setInterval(() => {}, 1000);');
    await expect(
      waitUntilReady('idle starter', `http://127.0.0.1:${port}/`, { withinMs: 600, process: idle }),
    ).rejects.toThrow(
      /^idle starter did not become ready .* and has stopped working at it\. Its log is above/,
    );
  });

  it('ends the wait at once when the process keeps failing and is given up on', async () => {
    const port = await freePort();
    const failing = start('failing starter', 'process.exit(3);', 2);
    const began = Date.now();
    await expect(
      waitUntilReady('failing starter', `http://127.0.0.1:${port}/`, { withinMs: 60_000, process: failing }),
    ).rejects.toThrow('failing starter failed 2 times in a row (last: exit 3)');
    expect(Date.now() - began).toBeLessThan(10_000);
  });

  it('stops waiting at its ceiling, however busy the process', async () => {
    const port = await freePort();
    const busy = start('busy starter', 'for (;;);');
    await expect(
      waitUntilReady('busy starter', `http://127.0.0.1:${port}/`, {
        withinMs: 300,
        atMostMs: 1_000,
        process: busy,
      }),
    ).rejects.toThrow(/^busy starter did not become ready at .* within \ds\. Its log is above/);
  });
});
