import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: a read answered from memory to an order waiting on Square. */
const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The labels of one request: which module and release answered, by which route, and how. */
export interface RequestLabels {
  module: string;
  release: string;
  route: string;
  method: string;
}

/**
 * A process's Prometheus metrics: requests, their latency and their errors, labelled by module,
 * release and route (`storefront_http_*`), beside Node's own (heap, event loop, GC). Served by
 * `serveMetrics` on a port of its own, never on the port shoppers reach.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<keyof RequestLabels | 'status'>;
  readonly duration: Histogram<keyof RequestLabels>;

  constructor(process: string) {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'storefront_http_requests_total',
      help: 'Requests answered, by module, release, route, method and status class (2xx, 4xx, 5xx…)',
      labelNames: ['module', 'release', 'route', 'method', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'storefront_http_request_duration_seconds',
      help: 'Time to answer, by module, release, route and method',
      labelNames: ['module', 'release', 'route', 'method'],
      buckets: SECONDS,
      registers: [this.registry],
    });
  }

  /**
   * Each label combination's series, found by one string: prom-client hashes a label object on every
   * call, and this runs on every request of the hottest paths.
   */
  private readonly series = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();

  /** Counts the request and its time once it is answered (or abandoned: status 499). */
  observe(req: IncomingMessage, res: ServerResponse, labels: () => RequestLabels): void {
    const started = performance.now();
    res.once('close', () => {
      const at = labels();
      const status = res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : '499';
      const key = `${at.module} ${at.release} ${at.route} ${at.method} ${status}`;
      let series = this.series.get(key);
      if (!series) {
        series = { count: this.requests.labels({ ...at, status }), time: this.duration.labels(at) };
        this.series.set(key, series);
      }
      series.count.inc();
      series.time.observe((performance.now() - started) / 1000);
    });
  }
}

/** `GET /metrics` in Prometheus's text format on `port` (0: none), for the scraper alone. */
export async function serveMetrics(
  metrics: ProcessMetrics,
  port: number,
  host: string,
): Promise<Server | null> {
  if (!port) return null;
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server.unref();
}
