import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  errors: number;
  /** 2xx answers. */
  succeeded: number;
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
  /** For POSTs: each request's method, headers and body (called once per request, so bodies can differ). */
  nextRequest?: () => { method: 'POST'; headers: Record<string, string>; body: string };
}

/** autocannon against one URL on loopback: throughput and latency under `connections` clients. */
export async function measureLoad({
  url,
  connections,
  seconds,
  amount,
  warmupSeconds,
  nextRequest,
}: LoadOptions): Promise<LoadFigures> {
  if (warmupSeconds) await autocannon({ url, connections, duration: warmupSeconds });
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    ...(nextRequest ? { requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }] } : {}),
  });
  return {
    // Answers over the run's own clock (10 ms resolution). autocannon's requests.average is the mean of
    // whole-second samples, which a run of a fixed amount ends with a partial one of: 3000 orders over
    // 10.2 s read as 3000 / 11 = 273/s there.
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    succeeded: result['2xx'],
  };
}
