import type { Request, RequestHandler } from 'express';
import express from 'express';
import {
  clientAddress,
  Limiter,
  memoryLimits,
  type LimitStore,
  type ProcessMetrics,
  type TrustProxy,
} from '@storefront/server-kit';
import { Counter } from 'prom-client';
import { z } from 'zod';
import { fromThisOrigin } from './same-origin';

/** What a page reports when a module fails in the shopper's browser. */
const reportSchema = z.object({
  module: z.string().max(40),
  version: z.string().max(80),
  kind: z.enum(['render', 'chunk-load', 'unhandled-rejection', 'error']),
});

export interface BrowserErrorOptions {
  metrics: ProcessMetrics;
  /** The release of `module` this request's shopper is served (their canary bucket's view). */
  servedRelease(req: Request, module: string): string | undefined;
  /** Where the counters live: shared by every shell when they have a Redis. */
  limits?: LimitStore;
  trustProxy: TrustProxy;
}

/** Reports one client may send a minute: a page failing over and over sends a few, a script thousands. */
const REPORTS_PER_MINUTE = 20;
/** A client counts once per release a day, however often its pages report. */
const CLIENT_COUNTED_FOR_MS = 24 * 3600 * 1000;

/**
 * `POST /__errors`: a module's failure in a shopper's browser (a render that threw, a chunk that did not
 * load, an unhandled rejection). A canary is judged by these, so a report counts only when a page of
 * this site sent it (a beacon is same-origin), for the release of that module this client is served,
 * from a client within its few reports a minute; and each client counts once per release: the figure
 * is how many shoppers saw the release fail, which no one client can raise, and which reports forged
 * against the live release cannot swell to hide a bad canary. The answer is 204 whatever was counted.
 */
export function browserErrorRoute({
  metrics,
  servedRelease,
  limits = memoryLimits,
  trustProxy,
}: BrowserErrorOptions): RequestHandler[] {
  const shoppers = new Counter({
    name: 'storefront_browser_errors_total',
    help: 'Shoppers whose browser reported a module failing, each once a day per release, by module, release and kind',
    labelNames: ['module', 'release', 'kind'],
    registers: [metrics.registry],
  });
  const reports = new Limiter(
    'browser-error-reports',
    { limit: REPORTS_PER_MINUTE, windowMs: 60_000 },
    limits,
  );
  const counted = new Limiter(
    'browser-error-shoppers',
    { limit: 1, windowMs: CLIENT_COUNTED_FOR_MS },
    limits,
  );
  const count = async (req: Request) => {
    if (!fromThisOrigin(req)) return;
    const report = reportSchema.safeParse(req.body);
    if (!report.success) return;
    const { module, version, kind } = report.data;
    const client = clientAddress(req, trustProxy);
    if ((await reports.hit(client)) !== null) return;
    if (servedRelease(req, module) !== version) return;
    if ((await counted.hit(`${module} ${version} ${client}`)) !== null) return;
    shoppers.inc({ module, release: version, kind });
  };
  return [
    express.json({ limit: '1kb', type: ['application/json', 'text/plain'] }),
    (req, res, next) => {
      count(req).then(() => res.status(204).end(), next);
    },
  ];
}
