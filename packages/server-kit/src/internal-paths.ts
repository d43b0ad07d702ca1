import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';

/** The header a service puts on its calls to another service's /internal routes. */
export const SERVICE_KEY_HEADER = 'x-service-key';

/**
 * A request path as a router would understand it, so that one rule sees every spelling of it:
 * percent-escapes decoded (once, as Express does), runs of slashes collapsed, dot segments resolved,
 * letters lower-cased. Null when the path cannot be decoded (a malformed escape).
 */
export function canonicalPath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
}

/** An absolute-form request target: a scheme, then `//` and an authority (RFC 9112 section 3.2.2). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Makes the request's target origin-form (a path, then a query), the one form the guard and the router
 * both read, before either does. An absolute-form target (`http://host/path?query`, as a client speaks
 * to a proxy, which Express would route by its path while a guard reading the raw target saw
 * `/http:/host/...`) becomes its path and query. Any other form (authority-form `host:port`,
 * asterisk-form `*`, text that is no URL) names nothing served here: false, for the caller to refuse.
 */
export function toOriginForm(req: IncomingMessage): boolean {
  const target = req.url ?? '';
  if (target.startsWith('/')) return true;
  if (!ABSOLUTE_FORM.test(target)) return false;
  try {
    const { pathname, search } = new URL(target);
    req.url = `${pathname}${search}`;
    return true;
  } catch {
    return false;
  }
}

/** Whether a path already read by `canonicalPath` is a service-to-service route. */
export function namesInternalRoute(canonical: string): boolean {
  return canonical === '/internal' || canonical.startsWith('/internal/');
}

/**
 * Whether a path, however spelt, reaches a service-to-service route. A path that cannot be read
 * (`canonicalPath` is null) reaches no route at all; callers refuse it before asking this.
 */
export function isInternalPath(rawPath: string): boolean {
  const path = canonicalPath(rawPath);
  return path !== null && namesInternalRoute(path);
}

/** Whether a presented secret is the expected one, compared in constant time (no timing to guess by). */
export function isSameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the request carries this deployment's service key (compared in constant time). */
export function carriesServiceKey(req: IncomingMessage, serviceKey: string): boolean {
  const presented = req.headers[SERVICE_KEY_HEADER];
  return typeof presented === 'string' && isSameSecret(presented, serviceKey);
}
