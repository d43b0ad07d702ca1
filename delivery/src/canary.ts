import { setTimeout as sleep } from 'node:timers/promises';

/** One release's figures as the shell counts them: answers, 5xx, latency buckets, browser errors. */
export interface ReleaseFigures {
  requests: number;
  errors: number;
  /** Cumulative answers at or under each bucket's bound, in seconds (Prometheus `le`). */
  buckets: Map<number, number>;
  browserErrors: number;
}

const empty = (): ReleaseFigures => ({ requests: 0, errors: 0, buckets: new Map(), browserErrors: 0 });

const SAMPLE = /^(storefront_[a-z_]+?)(?:_bucket|_total)?\{([^}]*)\}\s+([0-9.eE+-]+|\+Inf|NaN)$/;

function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
  return labels;
}

/**
 * A module's figures per release, from the shell's `/metrics` (Prometheus text, summed over shells):
 * the gateway's answers for its API, and the failures its remotes reported from shoppers' browsers.
 */
export function figuresByRelease(texts: string[], module: string): Map<string, ReleaseFigures> {
  const byRelease = new Map<string, ReleaseFigures>();
  const of = (release: string) => {
    if (!byRelease.has(release)) byRelease.set(release, empty());
    return byRelease.get(release)!;
  };
  for (const line of texts.flatMap((text) => text.split('\n'))) {
    const sample = SAMPLE.exec(line);
    if (!sample) continue;
    const labels = labelsOf(sample[2]!);
    if (labels.module !== module || !labels.release) continue;
    const value = Number(sample[3]);
    const figures = of(labels.release);
    if (line.startsWith('storefront_http_requests_total{')) {
      figures.requests += value;
      if (labels.status === '5xx') figures.errors += value;
    } else if (line.startsWith('storefront_http_request_duration_seconds_bucket{')) {
      const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
      figures.buckets.set(le, (figures.buckets.get(le) ?? 0) + value);
    } else if (line.startsWith('storefront_browser_errors_total{')) {
      figures.browserErrors += value;
    }
  }
  return byRelease;
}

/** What happened between two readings of one release. */
function since(now: ReleaseFigures | undefined, before: ReleaseFigures | undefined): ReleaseFigures {
  const a = now ?? empty();
  const b = before ?? empty();
  return {
    requests: a.requests - b.requests,
    errors: a.errors - b.errors,
    buckets: new Map([...a.buckets].map(([le, count]) => [le, count - (b.buckets.get(le) ?? 0)])),
    browserErrors: a.browserErrors - b.browserErrors,
  };
}

/** The 95th percentile's bucket bound, in seconds (0 with no answers). */
function p95(figures: ReleaseFigures): number {
  const bounds = [...figures.buckets.keys()].sort((x, y) => x - y);
  const total = figures.buckets.get(Infinity) ?? 0;
  if (!total) return 0;
  return bounds.find((le) => (figures.buckets.get(le) ?? 0) >= 0.95 * total) ?? Infinity;
}

export interface CanaryVerdict {
  outcome: 'promote' | 'canary-rollback';
  why: string;
  figures: Record<string, number>;
}

/** When a canary is worse than the live release beyond doubt. */
const RULES = {
  /** Canary answers needed before its error rate counts. */
  minRequests: 10,
  /** A canary 5xx rate above both this and twice the live one fails it. */
  errorRateFloor: 0.05,
  /** Answers needed before its latency counts; a p95 above twice the live one plus this fails it. */
  minRequestsForLatency: 50,
  latencyAllowanceSeconds: 0.1,
  /**
   * Shoppers whose browsers reported the release failing (each counted once, by the shell) needed
   * before they count; above three times the live rate per answer fails it.
   */
  minBrowserErrors: 3,
};

const percent = (x: number) => Math.round(x * 1000) / 10;

/**
 * The verdict on a canary from what happened since it started, or null while it is too early: rolled
 * back as soon as its 5xx rate, its p95 latency or its shoppers' browser errors are clearly worse than
 * the live release's; promoted once it has held for the whole watch.
 */
export function judgeCanary(
  live: ReleaseFigures,
  canary: ReleaseFigures,
  watchedEnough: boolean,
): CanaryVerdict | null {
  const rate = (f: ReleaseFigures) => (f.requests ? f.errors / f.requests : 0);
  const figures = {
    canaryRequests: canary.requests,
    canary5xx: canary.errors,
    canary5xxPercent: percent(rate(canary)),
    liveRequests: live.requests,
    live5xx: live.errors,
    live5xxPercent: percent(rate(live)),
    canaryP95Ms: Math.round(p95(canary) * 1000),
    liveP95Ms: Math.round(p95(live) * 1000),
    canaryBrowserErrors: canary.browserErrors,
    liveBrowserErrors: live.browserErrors,
  };
  if (canary.requests >= RULES.minRequests && rate(canary) > Math.max(RULES.errorRateFloor, 2 * rate(live)))
    return {
      outcome: 'canary-rollback',
      why: `5xx on ${figures.canary5xxPercent} % of the canary's answers (${canary.errors} of ${canary.requests}) against ${figures.live5xxPercent} % live`,
      figures,
    };
  if (
    canary.requests >= RULES.minRequestsForLatency &&
    p95(canary) > 2 * p95(live) + RULES.latencyAllowanceSeconds
  )
    return {
      outcome: 'canary-rollback',
      why: `p95 ${figures.canaryP95Ms} ms on the canary against ${figures.liveP95Ms} ms live`,
      figures,
    };
  const perAnswer = (f: ReleaseFigures) => f.browserErrors / Math.max(1, f.requests);
  if (canary.browserErrors >= RULES.minBrowserErrors && perAnswer(canary) > 3 * perAnswer(live) + 0.01)
    return {
      outcome: 'canary-rollback',
      why: `${canary.browserErrors} shoppers' browsers reported the canary failing, against ${live.browserErrors} live`,
      figures,
    };
  if (watchedEnough)
    return {
      outcome: 'promote',
      why: `held for the whole watch: 5xx ${figures.canary5xxPercent} % (live ${figures.live5xxPercent} %), p95 ${figures.canaryP95Ms} ms (live ${figures.liveP95Ms} ms)`,
      figures,
    };
  return null;
}

/** Reads every shell's metrics until the canary is judged (every two seconds, up to `watchMs`). */
export async function watchCanary({
  metricsUrls,
  module,
  live,
  canary,
  watchMs,
  say,
}: {
  metricsUrls: string[];
  module: string;
  live: string;
  canary: string;
  watchMs: number;
  say(line: string): void;
}): Promise<CanaryVerdict> {
  const read = async () =>
    figuresByRelease(await Promise.all(metricsUrls.map(async (url) => (await fetch(url)).text())), module);
  const start = await read();
  const started = Date.now();
  for (;;) {
    await sleep(2_000);
    const now = await read();
    const verdict = judgeCanary(
      since(now.get(live), start.get(live)),
      since(now.get(canary), start.get(canary)),
      Date.now() - started >= watchMs,
    );
    const seen = since(now.get(canary), start.get(canary));
    say(
      `  canary ${canary}: ${seen.requests} answers, ${seen.errors} 5xx, ${seen.browserErrors} browser errors`,
    );
    if (verdict) return verdict;
  }
}
