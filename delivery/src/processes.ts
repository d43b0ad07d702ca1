import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './modules';

const children: ChildProcess[] = [];

/** Starts a TypeScript entry point as its own Node process, sharing this terminal. */
export function startProcess(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit ${code}`})`);
    }
  });
  children.push(child);
  return child;
}

/** Polls a URL until it answers 2xx, or gives up with a clear error. */
export async function waitUntilReady(name: string, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} did not become ready at ${url} within ${timeoutMs / 1000}s`);
}

let stopping = false;

/** Stops every child with SIGTERM (they shut down gracefully) and then exits. */
export function stopAll(exitCode = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const exit = () => process.exit(exitCode);
  if (children.every((c) => c.exitCode !== null)) exit();
  Promise.all(
    children.map(
      (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
    ),
  ).then(exit);
  setTimeout(exit, 12_000).unref();
}
