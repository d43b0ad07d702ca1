import type { Request } from 'express';

/**
 * Whether a form was sent by a page of this origin: the browser's own word (Sec-Fetch-Site), or the
 * Origin it sends with every POST, matched to the host the request came to.
 */
export function fromThisOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = req.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}
