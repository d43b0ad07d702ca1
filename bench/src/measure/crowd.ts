import autocannon from 'autocannon';

/** Latencies of one kind of answer under the crowd, in ms. */
export interface AnswerFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface CrowdFigures {
  connections: number;
  seconds: number;
  /** Answers the shell accepted (anything but its 503). */
  accepted: AnswerFigures;
  /** 503s, turned away at once. */
  refused: AnswerFigures;
  /** Of the 503s, how many said when to come back (Retry-After). */
  refusedWithRetryAfter: number;
  /** Requests that got no answer at all within autocannon's 10 s: connection errors and timeouts. */
  unanswered: number;
}

function figuresOf(latencies: number[]): AnswerFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/**
 * A crowd of `connections` on one URL for `seconds` (autocannon, 10 s timeout per request): the
 * latency of what the shell accepted and of what it turned away, told apart by status.
 */
export async function measureCrowd(url: string, connections: number, seconds: number): Promise<CrowdFigures> {
  const accepted: number[] = [];
  const refused: number[] = [];
  let refusedWithRetryAfter = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            onResponse: (status, _body, _context, headers) => {
              if (status === 503 && headers?.['retry-after']) refusedWithRetryAfter += 1;
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      (statusCode === 503 ? refused : accepted).push(responseTime);
    });
  });
  return {
    connections,
    seconds,
    accepted: figuresOf(accepted),
    refused: figuresOf(refused),
    refusedWithRetryAfter,
    unanswered: result.errors + result.timeouts,
  };
}
