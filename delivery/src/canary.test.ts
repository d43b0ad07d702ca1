import { ProcessMetrics } from '@storefront/server-kit';
import { figuresByRelease, judgeCanary, type ReleaseFigures } from './canary';

const figures = (requests: number, errors: number, slow = 0, browserErrors = 0): ReleaseFigures => ({
  requests,
  errors,
  browserErrors,
  // Answers within 10 ms, but `slow` of them only within 1 s.
  buckets: new Map([
    [0.01, requests - slow],
    [1, requests],
    [Infinity, requests],
  ]),
});

describe('a canary judged against the live release', () => {
  it('is rolled back when its 5xx rate is clearly above the live one, with the figures that decided', () => {
    const verdict = judgeCanary(figures(300, 0), figures(30, 10), false);
    expect(verdict?.outcome).toBe('canary-rollback');
    expect(verdict?.why).toBe("5xx on 33.3 % of the canary's answers (10 of 30) against 0 % live");
    expect(verdict?.figures).toMatchObject({
      canaryRequests: 30,
      canary5xx: 10,
      liveRequests: 300,
      live5xx: 0,
    });
  });

  it('waits for enough answers, and lets through errors the live release has as much', () => {
    expect(judgeCanary(figures(300, 0), figures(5, 2), false)).toBeNull();
    expect(judgeCanary(figures(300, 30), figures(30, 3), false)).toBeNull();
  });

  it('is rolled back when it is much slower, or fails in browsers', () => {
    expect(judgeCanary(figures(500, 0), figures(60, 0, 10), false)).toMatchObject({
      outcome: 'canary-rollback',
      why: 'p95 1000 ms on the canary against 10 ms live',
    });
    expect(judgeCanary(figures(500, 0, 0, 0), figures(40, 0, 0, 4), false)?.why).toBe(
      "4 shoppers' browsers reported the canary failing, against 0 live",
    );
  });

  it('is promoted once it has held for the whole watch', () => {
    expect(judgeCanary(figures(300, 1), figures(30, 0), false)).toBeNull();
    expect(judgeCanary(figures(300, 1), figures(30, 0), true)?.outcome).toBe('promote');
  });
});

describe("the shell's metrics, per release", () => {
  it('sums each release of a module across shells: answers, 5xx, latency and browser errors', async () => {
    const shells = [new ProcessMetrics('shell'), new ProcessMetrics('shell')];
    const answer = (metrics: ProcessMetrics, release: string, status: string, seconds: number) => {
      const labels = { module: 'checkout', release, route: '/orders', method: 'POST' };
      metrics.requests.inc({ ...labels, status });
      metrics.duration.observe(labels, seconds);
    };
    answer(shells[0]!, 'r1', '2xx', 0.004);
    answer(shells[1]!, 'r1', '2xx', 0.004);
    answer(shells[1]!, 'r2', '5xx', 0.3);
    const byRelease = figuresByRelease(
      await Promise.all(shells.map((m) => m.registry.metrics())),
      'checkout',
    );
    expect(byRelease.get('r1')).toMatchObject({ requests: 2, errors: 0 });
    expect(byRelease.get('r2')).toMatchObject({ requests: 1, errors: 1 });
    expect(byRelease.get('r2')!.buckets.get(0.25)).toBe(0);
    expect(byRelease.get('r2')!.buckets.get(0.5)).toBe(1);
    expect(figuresByRelease([await shells[0]!.registry.metrics()], 'catalog').size).toBe(0);
  });
});
