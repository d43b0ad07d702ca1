import { safeRedirect } from './confirmation-email';

const SITE = 'https://shop.example';

describe('where a confirmation link brings a researcher back to', () => {
  it('is the page asked for when it is on this site, with its path and query', () => {
    expect(safeRedirect(SITE, 'https://shop.example/auth/confirm?next=%2Fcatalog')).toBe(
      'https://shop.example/auth/confirm?next=%2Fcatalog',
    );
  });

  it('is the site itself for another site, a look-alike, another scheme or port, or a protocol-relative link', () => {
    for (const elsewhere of [
      'https://evil.example/auth/confirm',
      'https://shop.example.evil.example/',
      'http://shop.example/',
      'https://shop.example:8443/',
      '//evil.example/',
      'javascript:alert(1)',
    ])
      expect(safeRedirect(SITE, elsewhere)).toBe(SITE);
  });

  it('is the site itself for no target, a target that is not text, or one that is not an address', () => {
    for (const nothing of [undefined, null, 42, { href: SITE }, '', 'not a url'])
      expect(safeRedirect(SITE, nothing)).toBe(SITE);
  });
});
