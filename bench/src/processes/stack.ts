import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { localUrl } from '@storefront/server-kit';
import { waitUntilReady } from '@storefront/delivery/processes';
import { REPO_ROOT } from '../paths';

export interface BenchStack {
  process: ChildProcess;
  /** Its shell's address. */
  base: string;
  /** Its data folder, relative to the repository (fresh at each start). */
  dataDir: string;
  /** Stops it, resolved once its supervisor (and so every part) has exited. */
  stop(): Promise<void>;
}

/**
 * `npm start` on ports shifted by `offset`, with a data folder of its own (started fresh) and its output
 * in `.data/<name>.log`; resolved once its shell answers.
 */
export async function startBenchStack(
  name: string,
  offset: number,
  env: NodeJS.ProcessEnv,
): Promise<BenchStack> {
  const dataDir = `.data/${name}`;
  // A fresh clone has no .data yet; the stack's log is opened before anything else would make it.
  mkdirSync(path.join(REPO_ROOT, '.data'), { recursive: true });
  const child = spawn(process.execPath, ['delivery/run-command.cjs', 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      STOREFRONT_PORT_OFFSET: String(offset),
      STOREFRONT_DATA_DIR: dataDir,
      STOREFRONT_FRESH: '1',
    },
    stdio: ['ignore', openSync(path.join(REPO_ROOT, `.data/${name}.log`), 'w'), 'inherit'],
  });
  const base = localUrl('shell', offset);
  try {
    await waitUntilReady(`${name} stack`, `${base}/healthz`, { withinMs: 600_000 });
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    process: child,
    base,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}
