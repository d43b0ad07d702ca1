import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './modules';

const running = new Set<ChildProcess>();
let stopping = false;

export interface Supervision {
  /** Told each time a process (the first or a replacement) is started, e.g. to record its pid. */
  onSpawn?(child: ChildProcess): void;
  /** Quick failures in a row after which the process is given up on. */
  maxAttempts?: number;
}

/** The wait before a restart: 0.25 s, doubling to at most 8 s. */
const backoffMs = (failures: number) => Math.min(250 * 2 ** (failures - 1), 8_000);
/** A process that ran this long before failing was healthy: its next failure starts the count afresh. */
const HEALTHY_RUN_MS = 30_000;

/** The command that runs a TypeScript entry point of the repository with Node (development: no build). */
export const nodeEntry = (entry: string) => [
  process.execPath,
  '--import',
  'tsx',
  path.join(REPO_ROOT, entry),
];

/**
 * Starts a command as its own process, sharing this terminal, and restarts it when it fails (a crash,
 * a non-zero exit or a kill), with backoff, logged. A process that stops cleanly (exit 0, as on an
 * operator's SIGTERM) is left stopped, as systemd's Restart=on-failure would.
 */
export function startProcess(
  name: string,
  command: string[],
  env: NodeJS.ProcessEnv,
  supervision: Supervision = {},
) {
  const { onSpawn, maxAttempts = 5 } = supervision;
  let failures = 0;

  const spawnOnce = () => {
    const startedAt = Date.now();
    const [file, ...args] = command;
    const child = spawn(file!, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    running.add(child);
    onSpawn?.(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (stopping) return;
      const how = signal ?? `exit ${code}`;
      if (code === 0) {
        console.error(`${name} stopped (${how}); not restarted.`);
        return;
      }
      failures = Date.now() - startedAt > HEALTHY_RUN_MS ? 1 : failures + 1;
      if (failures >= maxAttempts) {
        console.error(
          `${name} failed ${failures} times in a row (last: ${how}); giving up. Fix it and run npm start again.`,
        );
        return;
      }
      const delay = backoffMs(failures);
      console.error(
        `${name} stopped unexpectedly (${how}); restarting in ${delay} ms (attempt ${failures + 1}).`,
      );
      setTimeout(() => {
        if (!stopping) spawnOnce();
      }, delay);
    });
    return child;
  };

  return spawnOnce();
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

/** Stops every child with SIGTERM (they shut down gracefully) and then exits. */
export function stopAll(exitCode = 0): void {
  if (stopping) return;
  stopping = true;
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  const exit = () => process.exit(exitCode);
  Promise.all(
    children.map(
      (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
    ),
  ).then(exit);
  setTimeout(exit, 12_000).unref();
}
