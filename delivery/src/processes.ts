import { spawn, type ChildProcess } from 'node:child_process';
import { readProcStat } from './proc-stat';
import { REPO_ROOT } from './modules';

const running = new Set<ChildProcess>();

/**
 * What every supervised process runs with unless the operator said otherwise. glibc gives each thread
 * that allocates its own malloc arena, and a Node process has a dozen threads (libuv's pool, V8's
 * workers, PGlite's WebAssembly compiler): the memory each arena keeps after freeing is a stack's tens
 * of megabytes at idle. Two arenas held 54 MB less across `npm start`'s processes (reports/bench.md),
 * as Heroku and the Node images' guides advise for servers.
 */
const PROCESS_DEFAULTS: NodeJS.ProcessEnv = { MALLOC_ARENA_MAX: '2' };
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
  /** Why it was given up on after failing `maxAttempts` times in a row; null while it is kept running. */
  givenUp(): string | null;
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
  let givenUp: string | null = null;
  let current: ChildProcess;

  const spawnOnce = () => {
    if (stopping) return;
    const startedAt = Date.now();
    const [file, ...args] = command;
    const child = spawn(file!, args, {
      cwd: REPO_ROOT,
      env: { ...PROCESS_DEFAULTS, ...process.env, ...env },
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
        givenUp = `${name} failed ${failures} times in a row (last: ${how})`;
        console.error(`${givenUp}; giving up. Fix it and run npm start again.`);
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
    givenUp: () => givenUp,
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

/** The CPU time a process has used so far, in clock ticks; null where it cannot be read. */
const cpuTicksOf = (pid: number | undefined): number | null =>
  pid === undefined ? null : (readProcStat(pid)?.cpuTicks ?? null);

export interface ReadyWait {
  /** How long to wait for a first answer, and then again for as long as the process keeps working. */
  withinMs?: number;
  /**
   * The process that should answer: while it is alive and using CPU (building, migrating, on a loaded
   * machine), the wait goes on, up to `atMostMs`; once it is given up on, the wait ends at once.
   */
  process?: SupervisedProcess;
  /** However busy the process, the wait ends here. */
  atMostMs?: number;
}

/**
 * Polls a URL until it answers 2xx. A process still working past `withinMs` is waited for (and said to
 * be); one that is idle, given up on or past `atMostMs` ends the wait with an error naming it and what
 * to do.
 */
export async function waitUntilReady(
  name: string,
  url: string,
  { withinMs = 60_000, process: supervised, atMostMs = 10 * 60_000 }: ReadyWait = {},
): Promise<void> {
  const started = Date.now();
  let deadline = started + withinMs;
  let ticksAtDeadline = cpuTicksOf(supervised?.current().pid);
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    const givenUp = supervised?.givenUp();
    if (givenUp)
      throw new Error(`${givenUp}: it never answered at ${url}. Its log is above; fix it and try again.`);
    const now = Date.now();
    if (now >= deadline) {
      const ticks = cpuTicksOf(supervised?.current().pid);
      const working = ticks !== null && ticksAtDeadline !== null && ticks > ticksAtDeadline;
      if (!working || now - started >= atMostMs) {
        const waited = Math.round((now - started) / 1000);
        throw new Error(
          `${name} did not become ready at ${url} within ${waited}s${working ? '' : ' and has stopped working at it'}. Its log is above; fix it and try again.`,
        );
      }
      console.error(
        `${name} is still starting after ${Math.round((now - started) / 1000)}s; waiting while it works.`,
      );
      deadline = now + Math.min(withinMs, 30_000);
      ticksAtDeadline = ticks;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Runs a command to its end, sharing this terminal (a stop meanwhile stops it too); rejects naming it
 * when it fails.
 */
export function runToTheEnd(name: string, command: string[]): Promise<void> {
  const [file, ...args] = command;
  const child = spawn(file!, args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  running.add(child);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit ${code}`})`));
    });
  });
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
