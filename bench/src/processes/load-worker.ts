import autocannon from 'autocannon';
import { distinctOrder } from '@storefront/delivery/faults/distinct-order';
import type { LoadFigures, LoadOptions } from '../measure/load';

const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

/**
 * One load measurement (load.ts starts this for each): the LoadOptions as JSON in argv[2], the
 * LoadFigures as JSON on stdout.
 */
async function run({ url, connections, seconds, amount, warmupSeconds, requests }: LoadOptions) {
  if (warmupSeconds) await autocannon({ url, connections, duration: warmupSeconds });
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    // A run of a fixed amount ends at autocannon's first sample after its last answer: sampled every
    // second, 3000 orders answered in 5.2 s read as a run of 6.01 s. Sampled every 10 ms, its clock
    // stops within 10 ms of the last answer.
    ...(amount ? { amount, sampleInt: 10 } : { duration: seconds }),
    ...(requests === 'distinct-orders'
      ? { requests: [{ setupRequest: (request) => ({ ...request, ...distinctOrder() }) }] }
      : {}),
  });
  const figures: LoadFigures = {
    // Answers over the run's own clock. autocannon's requests.average is the mean of its samples, which a
    // run of a fixed amount ends with a partial one of: 3000 orders over 10.2 s read as 3000 / 11 = 273/s.
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    succeeded: result['2xx'],
    clientCpuMs: cpuMs(process.cpuUsage(cpuBefore)),
  };
  return figures;
}

run(JSON.parse(process.argv[2]!) as LoadOptions).then(
  (figures) => process.stdout.write(JSON.stringify(figures)),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
