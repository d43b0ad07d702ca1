import { availableParallelism } from 'node:os';
import type { OrderCpu } from '../measure/orders';
import { round } from './numbers';

/**
 * Where an order's CPU goes, process by process, and the most orders per second the machine's cores
 * could serve at that cost: the ceiling every order budget has to fit under on this machine.
 */
export function orderCpuLines(runs: OrderCpu[]): string[] {
  if (!runs.length) return [];
  const cores = availableParallelism();
  // Every process any run counted (Redis only where it kept the limits), in the order first met.
  const processes = [...new Set(runs.flatMap((run) => run.perOrderMs.map(([name]) => name)))];
  const totalOf = (run: OrderCpu) => run.perOrderMs.reduce((sum, [, ms]) => sum + ms, 0);
  return [
    `Where an order's CPU goes: each process's user and system time over the run (from \`/proc\`; the load client's own), in ms per order answered. The machine has ${cores} cores, so at that cost it cannot answer more than ${cores} × 1000 ÷ total orders/s.`,
    '',
    `| run | ${processes.join(' | ')} | total | ceiling on ${cores} cores |`,
    `|---|${processes.map(() => '---|').join('')}---|---|`,
    ...runs.map((run) => {
      const total = totalOf(run);
      const msOf = new Map(run.perOrderMs);
      const cells = processes.map((name) => (msOf.has(name) ? `${round(msOf.get(name)!, 2)}` : '–'));
      return `| ${run.run} | ${cells.join(' | ')} | ${round(total, 2)} | ${round((cores * 1000) / total)} orders/s |`;
    }),
    '',
  ];
}
