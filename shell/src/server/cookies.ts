import type { IncomingMessage } from 'node:http';

/** The cookies a request carries, by name (the first of a name wins, as browsers send the most specific first). */
export function cookiesOf(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const cookie of (req.headers.cookie ?? '').split(';')) {
    const at = cookie.indexOf('=');
    if (at <= 0) continue;
    const name = cookie.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, cookie.slice(at + 1).trim());
  }
  return cookies;
}
