import { readdirSync, readFileSync } from 'node:fs';
import { MS_PER_CLOCK_TICK, readProcStat } from '@storefront/delivery/proc-stat';

interface ProcessCpu {
  /** User and system time of every thread of the process so far, in ms. */
  cpuMs: number;
  commandLine: string;
}

/** Every process on the machine at one moment, by pid: what it has spent of the CPU so far. */
export type CpuSnapshot = ReadonlyMap<number, ProcessCpu>;

function readProcess(pid: number): ProcessCpu | null {
  const stat = readProcStat(pid);
  if (!stat) return null;
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { cpuMs: stat.cpuTicks * MS_PER_CLOCK_TICK, commandLine };
  } catch {
    return null; // it ended while the snapshot was taken
  }
}

export function snapshotCpu(): CpuSnapshot {
  const snapshot = new Map<number, ProcessCpu>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const cpu = readProcess(pid);
    if (cpu) snapshot.set(pid, cpu);
  }
  return snapshot;
}

/** A part of the machine's work, named for the report: which processes it is. */
export interface CpuRole {
  name: string;
  holds(pid: number, commandLine: string): boolean;
}

/**
 * CPU spent between two snapshots, in ms, by the first role each process fits (`rest of the machine`
 * for none). A process that ended in between is not counted: measure a client that exits on its own.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, roles: CpuRole[]): Map<string, number> {
  const spent = new Map<string, number>([
    ...roles.map(({ name }) => [name, 0] as const),
    ['rest of the machine', 0],
  ]);
  for (const [pid, { cpuMs, commandLine }] of after) {
    const earlier = before.get(pid);
    // A pid used again by a new process is a new process.
    const since = earlier && earlier.commandLine === commandLine ? earlier.cpuMs : 0;
    const role = roles.find((r) => r.holds(pid, commandLine))?.name ?? 'rest of the machine';
    spent.set(role, spent.get(role)! + cpuMs - since);
  }
  return spent;
}
