import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { readProcStat } from '@storefront/delivery/proc-stat';

/** A process's memory from /proc: what it holds (RSS) and its fair share of pages it shares (PSS). */
export interface ProcessMemory {
  pid: number;
  command: string;
  rssKb: number;
  pssKb: number;
}

/** The parent of every running process, by pid. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Null for a process that ended while the table was read.
    const stat = readProcStat(Number(entry));
    if (stat) parents.set(Number(entry), stat.parentPid);
  }
  return parents;
}

/** `root` and every process below it. */
function processTree(root: number): number[] {
  const parents = parentsByPid();
  const tree = [root];
  for (let at = 0; at < tree.length; at++) {
    for (const [pid, parent] of parents) if (parent === tree[at]) tree.push(pid);
  }
  return tree;
}

function memoryOf(pid: number): ProcessMemory | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, command, rssKb: field('Rss'), pssKb: field('Pss') };
  } catch {
    return null;
  }
}

/** The memory of `root` and all its descendants, largest first. */
export function memoryOfTree(root: number): ProcessMemory[] {
  return processTree(root)
    .map(memoryOf)
    .filter((memory): memory is ProcessMemory => memory !== null && memory.rssKb > 0)
    .sort((a, b) => b.pssKb - a.pssKb);
}

/** The reference: one idle bare node:http server process, measured in the same run. */
export async function bareNodeMemory(): Promise<ProcessMemory> {
  const bare = spawn(process.execPath, [
    '-e',
    "require('node:http').createServer((_, res) => res.end('ok')).listen(0, '127.0.0.1')",
  ]);
  try {
    await sleep(2000);
    const memory = memoryOf(bare.pid!);
    if (!memory) throw new Error('the bare node:http reference process ended before it was measured');
    return memory;
  } finally {
    bare.kill();
  }
}
