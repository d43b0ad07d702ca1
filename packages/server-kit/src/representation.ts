import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A response body serialized once, with the headers that describe it and its strong ETag. */
export interface Representation {
  readonly body: Buffer;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Serializes once; the ETag is a digest of the bytes, so equal bodies share it across instances. */
export function represent(
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
): Representation {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return {
    body: bytes,
    etag,
    headers: {
      ...headers,
      'content-type': contentType,
      'content-length': String(bytes.length),
      etag,
    },
  };
}

export function representJson(value: unknown, cacheControl: string): Representation {
  return represent(JSON.stringify(value), 'application/json; charset=utf-8', {
    'cache-control': cacheControl,
  });
}

/** Whether the caller's If-None-Match names this representation (or any, with `*`). */
function alreadyHeld(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

/** Sends a representation, or `304` when the caller already holds it; HEAD gets the headers only. */
export function sendRepresentation(req: IncomingMessage, res: ServerResponse, rep: Representation): void {
  if (alreadyHeld(req, rep.etag)) {
    res.writeHead(304, { etag: rep.etag, 'cache-control': rep.headers['cache-control'] ?? 'no-cache' });
    res.end();
    return;
  }
  res.writeHead(200, rep.headers);
  res.end(req.method === 'HEAD' ? undefined : rep.body);
}
