import type { IncomingMessage, ServerResponse } from 'node:http';
import { encode, type CachedPage } from './page-cache';

/**
 * Pages kept for everyone may be kept by a CDN (or the balancer) for a few seconds too, and served while
 * it asks again; a browser asks every time (with its ETag). A page one visitor's own is kept by nobody.
 */
export const SHARED_PAGE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
export const OWN_PAGE = 'private, no-store';

/** The encoding a request takes, best first (q=0 refuses one), among those a kept page has. */
export function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const taken = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((param) => param.trim().startsWith('q='));
    taken.set(name, q ? Number(q.trim().slice(2)) : 1);
  }
  if ((taken.get('br') ?? 0) > 0) return 'br';
  if ((taken.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * The one writer of a kept page, whether it comes straight from the cache (before the page app) or was
 * just rendered: the headers every page carries, its ETag (304 when the browser holds it), and its
 * encoding made once for the page, never per request.
 */
export function writeKeptPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  pageHeaders: ReadonlyArray<readonly [string, string]>,
): void {
  for (const [name, value] of pageHeaders) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  res.setHeader('Cache-Control', req.headers.cookie ? 'private, no-cache' : SHARED_PAGE);
  res.setHeader('ETag', page.etag);
  const held = req.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim() === page.etag)) {
    res.writeHead(304).end();
    return;
  }
  const encoding = chosenEncoding(req.headers['accept-encoding']);
  const body = encoding ? encode(page, encoding) : page.html;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(page.status).end(req.method === 'HEAD' ? undefined : body);
}
