import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { TrustProxy } from './client-address';
import type { Logger } from './logger';

export interface TracingSettings {
  /** What the spans' process is: `shell`, `checkout-service`. */
  process: string;
  module: string;
  release: string;
  /** Where spans go by default: one log line each. */
  logger: Logger;
  /** An OTLP/HTTP traces endpoint (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): spans go there instead. */
  otlpEndpoint?: string;
  /** The share of requests without a sampled caller that start a trace (OTEL_TRACES_SAMPLER_ARG). */
  ratio: number;
  /**
   * Which peers may hand a trace on (TRUST_PROXY: the balancer, the shell in front of a service). From
   * anyone else a `traceparent` is ignored: a client choosing to be traced would make every process
   * record spans under trace ids of its choosing, and be sent past the gateway's read collapsing.
   */
  trustProxy: TrustProxy;
}

/** Spans written to the process's log, one line each: the default when no collector is configured. */
class LogSpanExporter implements SpanExporter {
  constructor(private readonly logger: Logger) {}

  export(spans: ReadableSpan[], done: (result: { code: ExportResultCode }) => void): void {
    for (const span of spans) {
      const { traceId, spanId } = span.spanContext();
      this.logger.info(
        {
          traceId,
          spanId,
          parentSpanId: span.parentSpanContext?.spanId,
          span: span.name,
          kind: SpanKind[span.kind],
          ms: span.duration[0] * 1000 + span.duration[1] / 1e6,
          attributes: span.attributes,
          error: span.status.code === SpanStatusCode.ERROR,
        },
        'span',
      );
    }
    done({ code: ExportResultCode.SUCCESS });
  }

  async shutdown(): Promise<void> {}
}

/**
 * Spans sent to an OTLP collector. The exporter (and the protobuf and HTTP machinery under it) is
 * loaded with the first batch, not at start: a restarting service is ready sooner.
 */
class OtlpSpanExporter implements SpanExporter {
  private exporter: Promise<SpanExporter> | null = null;

  constructor(private readonly url: string) {}

  private load(): Promise<SpanExporter> {
    this.exporter ??= import('@opentelemetry/exporter-trace-otlp-http').then(
      ({ OTLPTraceExporter }) => new OTLPTraceExporter({ url: this.url }),
    );
    return this.exporter;
  }

  export(spans: ReadableSpan[], done: (result: { code: ExportResultCode; error?: Error }) => void): void {
    this.load().then(
      (exporter) => exporter.export(spans, done),
      (error: unknown) => done({ code: ExportResultCode.FAILED, error: error as Error }),
    );
  }

  async shutdown(): Promise<void> {
    if (this.exporter) await (await this.exporter).shutdown();
  }
}

/** A process's tracer: what every incoming request and outgoing call is traced with. */
export interface Tracing {
  /**
   * Runs the answer to `req` inside a server span, continuing the caller's trace (its W3C `traceparent`)
   * when a trusted peer sent a sampled one; calls made meanwhile (an internal client's) are its children.
   */
  serve(req: IncomingMessage, res: ServerResponse, name: () => string, answer: () => void): void;
  /**
   * A client span for a call made now, and the headers that carry it to the service called, when the
   * current request is being recorded.
   */
  outgoing(name: string): OutgoingTrace | null;
  shutdown(): Promise<void>;
}

export interface OutgoingTrace {
  headers: Record<string, string>;
  end(status: number | null): void;
}

let processTracing: Tracing | null = null;

/**
 * A call to another service made now, traced when the request it is made for is recorded (the process's
 * tracing, started by runService or the shell): its span and the headers to send.
 */
export const traceOutgoing = (name: string): OutgoingTrace | null => processTracing?.outgoing(name) ?? null;

const propagator = new W3CTraceContextPropagator();
const headerGetter = {
  keys: (carrier: IncomingHttpHeaders) => Object.keys(carrier),
  get: (carrier: IncomingHttpHeaders, key: string) => carrier[key],
};

/** A `traceparent` whose caller records it (its flags' sampled bit): the trace must go on here. */
const SAMPLED = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]([13579bdf])$/;

/**
 * OpenTelemetry for one process: W3C trace context in and out, a ratio of untraced requests starting a
 * trace of their own, spans to the log (or to an OTLP collector). A request neither sampled by its
 * caller nor picked by the ratio costs a header test and one random number: nothing is made for it.
 */
export function startTracing(settings: TracingSettings): Tracing {
  const exporter = settings.otlpEndpoint
    ? new OtlpSpanExporter(settings.otlpEndpoint)
    : new LogSpanExporter(settings.logger);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.process,
      'storefront.module': settings.module,
      'storefront.release': settings.release,
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(1) }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 500 })],
  });
  const fromTrustedPeer = (req: IncomingMessage) => settings.trustProxy(req.socket.remoteAddress ?? '', 0);
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  const tracer = provider.getTracer('storefront');

  const end = (span: Span, status: number | null) => {
    if (status !== null) span.setAttribute('http.response.status_code', status);
    if (status === null || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };

  processTracing = {
    serve(req, res, name, answer) {
      const caller = fromTrustedPeer(req) ? req.headers.traceparent : undefined;
      const traced = typeof caller === 'string' ? SAMPLED.test(caller) : Math.random() < settings.ratio;
      if (!traced) return answer();
      const parent: Context = caller
        ? propagator.extract(ROOT_CONTEXT, req.headers, headerGetter)
        : ROOT_CONTEXT;
      const span = tracer.startSpan(
        `${req.method} ${req.url?.split('?', 1)[0]}`,
        { kind: SpanKind.SERVER },
        parent,
      );
      span.setAttribute('http.request.method', req.method ?? 'GET');
      res.once('close', () => {
        span.updateName(name());
        end(span, res.writableFinished ? res.statusCode : null);
      });
      context.with(trace.setSpan(parent, span), answer);
    },
    outgoing(name) {
      const active = context.active();
      if (!trace.getSpan(active)?.isRecording()) return null;
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT }, active);
      const headers: Record<string, string> = {};
      propagation.inject(trace.setSpan(active, span), headers);
      return { headers, end: (status) => end(span, status) };
    },
    async shutdown() {
      await provider.shutdown();
      manager.disable();
    },
  };
  return processTracing;
}

propagation.setGlobalPropagator(propagator);
