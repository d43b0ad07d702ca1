import type { ServiceAnswer, ServiceRequest } from '@storefront/routing/server-module';
import { HandedOver, holdThroughOutage, REQUEST_ID_HEADER, ServiceUnreachable } from '@storefront/server-kit';
import type { RetrySafe } from './api-gateway';
import type { ServiceTargets } from './service-targets';

/** A call the shell's server makes to a service for a page: the same public API a browser calls. */
export interface ServiceCall extends ServiceRequest {
  /** The shopper the call is made for: their address (for their limits), cookie and request id. */
  shopper: { client: string; cookie?: string; requestId: string; userAgent?: string; bucket?: number };
  /** For a conditional GET: the ETag the shell holds. */
  ifNoneMatch?: string;
  timeoutMs?: number;
}

export interface ServiceCallsOptions {
  /** Where each module's service answers now (its pools are these calls' own). */
  targets: ServiceTargets;
  timeoutMs: number;
  /** How long a call that is safe to repeat is held while its service restarts (the gateway's setting). */
  outageHoldMs?: number;
  retrySafe: RetrySafe;
}

/**
 * How the shell's server calls services for pages and forms: kept-alive connections of its own (over a
 * service's Unix socket when it has one here), apart from the API gateway's, so a crowd on the API
 * cannot starve pages. Each call is made as the shopper's browser would make it through the gateway:
 * their address as X-Forwarded-For (so their limits apply), their cookie, the page's request id.
 */
export function createServiceCalls({ targets, timeoutMs, outageHoldMs = 0, retrySafe }: ServiceCallsOptions) {
  async function call(module: string, request: ServiceCall): Promise<ServiceAnswer> {
    const { shopper } = request;
    const headers: Record<string, string> = {
      ...request.headers,
      accept: 'application/json',
      'x-forwarded-for': shopper.client,
      [REQUEST_ID_HEADER]: shopper.requestId,
    };
    if (shopper.cookie) headers.cookie = shopper.cookie;
    if (shopper.userAgent) headers['user-agent'] = shopper.userAgent;
    if (request.ifNoneMatch) headers['if-none-match'] = request.ifNoneMatch;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const limit = request.timeoutMs ?? timeoutMs;
    const send = async () => {
      // A release being handed over: the call waits, unsent, for the next one.
      if (targets.handedOver(module) && !(await targets.whileHandedOver(module, Date.now() + outageHoldMs)))
        throw new HandedOver(module);
      const target = targets.targetFor(module, shopper.bucket);
      if (!target) throw new Error(`No service is known for ${module}`);
      return target.pool.request({
        method: request.method,
        path: request.path,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        headersTimeout: limit,
        bodyTimeout: limit,
      });
    };
    // A read, or an order made once by its key, waits out a restart of its service.
    const repeatable =
      request.method === 'GET' ||
      (headers['idempotency-key'] !== undefined && retrySafe(module, request.method, request.path));
    try {
      const answer = await (repeatable ? holdThroughOutage(send, outageHoldMs) : send());
      const json = /\bjson\b/.test(String(answer.headers['content-type'] ?? ''));
      const body = json ? await answer.body.json().catch(() => undefined) : await answer.body.dump();
      return { status: answer.statusCode, headers: answer.headers, body: json ? body : undefined };
    } catch (error) {
      throw new ServiceUnreachable(module, error);
    }
  }

  return {
    call,
    /** Whether `module` has a service to call (a live module's). */
    serves: (module: string) => targets.targetFor(module) !== null,
    close: () => targets.close(),
  };
}

export type ServiceCalls = ReturnType<typeof createServiceCalls>;
