import type { LoadFigures } from './load';

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of each figure over several runs of one target; errors are added up, never averaged away. */
export function medianFigures(runs: LoadFigures[]): LoadFigures {
  return {
    requestsPerSecond: median(runs.map((f) => f.requestsPerSecond)),
    p50: median(runs.map((f) => f.p50)),
    p99: median(runs.map((f) => f.p99)),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
    succeeded: runs.reduce((sum, f) => sum + f.succeeded, 0),
    clientCpuMs: runs.reduce((sum, f) => sum + f.clientCpuMs, 0),
  };
}
