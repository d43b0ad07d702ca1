import { createServer } from 'node:http';
import { once } from 'node:events';

/** One span as an OTLP/HTTP JSON export carries it, with the process (service.name) that made it. */
export interface CollectedSpan {
  process: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
}

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans?: Array<{
      spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string }>;
    }>;
  }>;
}

/**
 * A stand-in OpenTelemetry collector on loopback: it takes OTLP/HTTP JSON exports at /v1/traces, as a
 * real collector would, and keeps their spans for the test to look at.
 */
export async function startTraceCollector(port: number) {
  const spans: CollectedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as OtlpExport;
      for (const resource of body.resourceSpans ?? []) {
        const process =
          resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              process,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }).listen(port, '127.0.0.1');
  await once(server, 'listening');
  return { spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
