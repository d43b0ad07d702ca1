import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Instance, StackPlan } from '../stack-plan';

/**
 * A running `npm start` stack as a fault drill sees it: where each part and instance listens
 * (run/topology.json) and which process is each instance now (run/<label>.pid, rewritten by the
 * supervisor whenever it starts a replacement).
 */
export class StackHandle {
  constructor(readonly dataDir: string) {}

  private get runDir() {
    return path.join(this.dataDir, 'run');
  }

  plan(): StackPlan {
    return JSON.parse(readFileSync(path.join(this.runDir, 'topology.json'), 'utf8')) as StackPlan;
  }

  get baseUrl(): string {
    return this.plan().shell.url;
  }

  instancesOf(part: string): Instance[] {
    const plan = this.plan();
    const endpoint = part === 'shell' ? plan.shell : plan.services.find((e) => e.part === part);
    if (!endpoint) throw new Error(`The stack has no part named ${part}`);
    return endpoint.instances;
  }

  pidOf(label: string): number {
    const pid = Number(readFileSync(path.join(this.runDir, `${label}.pid`), 'utf8'));
    // A file caught mid-write reads as 0, and kill(0) would signal this very process group.
    if (!(pid > 0)) throw new Error(`No process recorded for ${label} yet`);
    return pid;
  }

  /** Whether the instance's current process answers its readiness probe. */
  async isReady(instance: Instance, part: string): Promise<boolean> {
    const probe = part === 'shell' ? '/healthz' : '/readyz';
    try {
      const answer = await fetch(`${instance.url}${probe}`, { signal: AbortSignal.timeout(1_000) });
      return answer.ok;
    } catch {
      return false;
    }
  }

  /**
   * kill -9 of one instance's process, then the time until the supervisor's replacement (a new pid)
   * answers its probe: the outage the instance's shoppers would have seen without the gateway.
   */
  async killAndTimeRecovery(part: string, instance: Instance, timeoutMs = 30_000): Promise<number> {
    const victim = this.pidOf(instance.label);
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    const current = () => {
      try {
        return this.pidOf(instance.label);
      } catch {
        return victim;
      }
    };
    while (Date.now() - killedAt < timeoutMs) {
      if (current() !== victim && (await this.isReady(instance, part))) return Date.now() - killedAt;
      await sleep(20);
    }
    throw new Error(`${instance.label} was not ready again ${timeoutMs / 1000} s after kill -9`);
  }

  /** A slow instance: its process frozen (SIGSTOP) for `ms`, then let go on (SIGCONT). */
  async freeze(instance: Instance, ms: number): Promise<void> {
    const pid = this.pidOf(instance.label);
    process.kill(pid, 'SIGSTOP');
    try {
      await sleep(ms);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  }
}

/**
 * Restarts this machine's PostgreSQL cluster (Debian's pg_ctlcluster, as root) and returns how long
 * it took; throws where there is no such cluster to restart.
 */
export function restartPostgres(): number {
  const started = Date.now();
  const version = execFileSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).trim().split('\n')[0]!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], {
    stdio: 'ignore',
  });
  return Date.now() - started;
}

/** Whether this machine can restart its PostgreSQL for a drill (a Debian cluster, and the rights). */
export function canRestartPostgres(): boolean {
  try {
    execFileSync('pg_lsclusters', ['--no-header'], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

/**
 * Redis stopped for `ms` and started again as the machine starts it (the command in the machine's
 * notes, which .ci/run uses too): the stack's rate limits lose their shared counters meanwhile.
 */
export async function stopRedisFor(redisUrl: string, ms: number): Promise<void> {
  const { port } = new URL(redisUrl);
  try {
    execFileSync('redis-cli', ['-p', port || '6379', 'shutdown', 'nosave'], { stdio: 'ignore' });
  } catch {
    // redis-cli reports the connection it lost as the server went: that is the point.
  }
  await sleep(ms);
  execFileSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      port || '6379',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
      '--logfile',
      '/var/log/redis/ci.log',
    ],
    { stdio: 'ignore' },
  );
  for (let tries = 0; tries < 50; tries += 1) {
    try {
      execFileSync('redis-cli', ['-p', port || '6379', 'ping'], { stdio: 'ignore' });
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('Redis did not come back after the drill');
}
