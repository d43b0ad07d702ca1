import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from './modules';

const running = new Set<ChildProcess>();
let stopping = false;

export interface Supervision {
  /** Told each time a process (the first or a replacement) is started, e.g. to record its pid. */
  onSpawn?(child: ChildProcess): void;
  /** Quick failures in a row after which the process is given up on. */
  maxAttempts?: number;
}

/**
 * The wait before a restart: none after a first failure (a crash is most often a one-off, and every
 * moment down is a moment shoppers wait), then 0.25 s, doubling to at most 8 s.
 */
const backoffMs = (failures: number) => (failures === 1 ? 0 : Math.min(250 * 2 ** (failures - 2), 8_000));
/** A process that ran this long before failing was healthy: its next failure starts the count afresh. */
const HEALTHY_RUN_MS = 30_000;

/** A supervised process: whichever process runs it now, and a way to stop it for good. */
export interface SupervisedProcess {
  current(): ChildProcess;
  /** SIGTERM (the process answers what it has and exits), not restarted; resolves once it is gone. */
  stop(): Promise<void>;
}

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
): SupervisedProcess {
  const { onSpawn, maxAttempts = 5 } = supervision;
  let failures = 0;
  let retired = false;
  let current: ChildProcess;

  const spawnOnce = () => {
    if (stopping) return;
    const startedAt = Date.now();
    const [file, ...args] = command;
    const child = spawn(file!, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    current = child;
    running.add(child);
    onSpawn?.(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (stopping || retired) return;
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
        if (!stopping && !retired) spawnOnce();
      }, delay);
    });
    return child;
  };

  spawnOnce();
  return {
    current: () => current,
    async stop() {
      retired = true;
      const child = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
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
