import { readFileSync } from 'node:fs';

/** What Linux's /proc/<pid>/stat says of a process that the tools here read. */
export interface ProcStat {
  parentPid: number;
  /** User and system time of every thread so far, in clock ticks (USER_HZ). */
  cpuTicks: number;
}

/** Linux's clock tick: 1/100 s (USER_HZ, fixed at 100 on every architecture Node runs on). */
export const MS_PER_CLOCK_TICK = 10;

/** A process's stat; null where it cannot be read (another system, or the process is gone). */
export function readProcStat(pid: number): ProcStat | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields are counted from its last
  // ')'. After it come the state (field 3), the parent (4), ... utime (14) and stime (15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parentPid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}
