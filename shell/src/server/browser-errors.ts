import type { Registry } from '@storefront/artifact-store';
import type { ProcessMetrics } from '@storefront/service-kit';
import express, { type RequestHandler } from 'express';
import { Counter } from 'prom-client';
import { z } from 'zod';

/** What a page reports when a module fails in the shopper's browser. */
const reportSchema = z.object({
  module: z.string().max(40),
  version: z.string().max(80),
  kind: z.enum(['render', 'chunk-load', 'unhandled-rejection', 'error']),
});

/**
 * `POST /__errors`: a module's failure in a shopper's browser (a render that threw, a chunk that did not
 * load, an unhandled rejection), counted by module, release and kind, so that a release failing in
 * browsers is seen (a canary is judged by it). Only modules and releases the registry knows are
 * counted, so the labels stay few whatever a page sends; the answer is 204 either way.
 */
export function browserErrorRoute(metrics: ProcessMetrics, registry: () => Registry): RequestHandler[] {
  const errors = new Counter({
    name: 'storefront_browser_errors_total',
    help: "Failures of a module in shoppers' browsers, by module, release and kind",
    labelNames: ['module', 'release', 'kind'],
    registers: [metrics.registry],
  });
  return [
    express.json({ limit: '1kb', type: ['application/json', 'text/plain'] }),
    (req, res) => {
      const report = reportSchema.safeParse(req.body);
      const known =
        report.success &&
        registry().modules[report.data.module]?.versions.some((v) => v.version === report.data.version);
      if (report.success && known)
        errors.inc({ module: report.data.module, release: report.data.version, kind: report.data.kind });
      res.status(204).end();
    },
  ];
}
