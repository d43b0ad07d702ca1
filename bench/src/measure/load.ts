import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { BENCH_ROOT } from '../paths';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  errors: number;
  /** 2xx answers. */
  succeeded: number;
  /** CPU the load client itself spent on the measured requests, in ms (user and system). */
  clientCpuMs: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Either a duration or a number of requests (all of them answered before the figures are taken). */
  seconds?: number;
  amount?: number;
  /**
   * For reads: seconds of the same load sent first and not measured, so that what is measured is the
   * server's steady state (compiled code, open connections), not its first second after a cold start.
   */
  warmupSeconds?: number;
  /** GETs by default; `distinct-orders` POSTs a new valid order each time (distinct-order.ts). */
  requests?: 'distinct-orders';
}

/**
 * autocannon against one URL on loopback, in a process of its own (load-worker.ts), started fresh for
 * each measurement: a client that shares its process with what ran before (Lighthouse's traces, earlier
 * runs' garbage, the floor app's server) is a slower client, and a slower client reads as a slower server.
 */
export async function measureLoad(options: LoadOptions): Promise<LoadFigures> {
  const worker = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(BENCH_ROOT, 'src/processes/load-worker.ts'), JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  worker.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(worker, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The load run against ${options.url} exited with ${code}`);
  return JSON.parse(output) as LoadFigures;
}
