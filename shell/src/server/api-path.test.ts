import { splitApiPath } from './api-path';

describe('an API address of the shell', () => {
  it('names its module, and the path and query its service is asked', () => {
    expect(splitApiPath('/api/catalog/catalogue?search=bpc')).toEqual({
      module: 'catalog',
      path: '/catalogue',
      query: '?search=bpc',
    });
    expect(splitApiPath('/api/checkout')).toEqual({ module: 'checkout', path: '/', query: '' });
    expect(splitApiPath('/api/affiliate-v2/me')).toEqual({ module: 'affiliate-v2', path: '/me', query: '' });
  });

  it('is no API address without a module, or outside /api/', () => {
    for (const url of ['/api/', '/api', '/apix/catalog', '/catalog/api/x', 'http://x/api/catalog/y'])
      expect(splitApiPath(url)).toBeNull();
  });
});
