import type { Request } from 'express';
import { isNavigation } from './pages';

const request = (method: string, headers: Record<string, string>) =>
  ({ method, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;
const NAVIGATE = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'cross-site',
};

describe('whether a person asked for a page', () => {
  it('is so for a top-level navigation to a document', () => {
    expect(isNavigation(request('GET', NAVIGATE))).toBe(true);
  });

  it.each([
    ['a HEAD', request('HEAD', NAVIGATE)],
    ['a prefetch (Sec-Purpose)', request('GET', { ...NAVIGATE, 'sec-purpose': 'prefetch' })],
    ['a prerender (Sec-Purpose)', request('GET', { ...NAVIGATE, 'sec-purpose': 'prefetch;prerender' })],
    ['a prefetch (Purpose)', request('GET', { ...NAVIGATE, purpose: 'prefetch' })],
    ['an image', request('GET', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' })],
    ['a script', request('GET', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' })],
    ['a frame', request('GET', { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' })],
    ['a request without Fetch Metadata (a script, a crawler)', request('GET', {})],
  ])('is not so for %s', (_what, req) => {
    expect(isNavigation(req)).toBe(false);
  });
});
