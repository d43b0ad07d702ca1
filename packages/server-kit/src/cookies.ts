import type { IncomingMessage } from 'node:http';

/** The value of one cookie the request carries, undecoded; null when it carries none by that name. */
export function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const cookie of (req.headers.cookie ?? '').split(';')) {
    const at = cookie.indexOf('=');
    if (at > 0 && cookie.slice(0, at).trim() === name) return cookie.slice(at + 1).trim();
  }
  return null;
}
