import { resolveDataUrl, fillPath } from './data-urls';
import { defineRoutes, matchPage } from './routes';

const routes = defineRoutes([
  {
    path: '/checkout',
    exposed: 'QuickCheckoutPage',
    label: 'checkout',
    head: { title: 'Checkout', description: 'd' },
  },
  {
    path: '/checkout/:slug',
    exposed: 'ProductCheckoutPage',
    label: 'checkout',
    head: { title: 'Checkout', description: 'd' },
  },
  {
    path: '/product/:productId',
    exposed: 'ProductPage',
    label: 'product',
    head: { title: 'Product', description: 'd' },
  },
  {
    path: '/auth',
    exposed: 'AuthPage',
    label: 'sign-in page',
    render: 'client',
    indexed: false,
    head: { title: 'Sign In', description: 'd' },
  },
]);

describe('defineRoutes', () => {
  it('writes out the defaults: rendered on the server, no data, indexed', () => {
    expect(routes[0]).toEqual({
      path: '/checkout',
      exposed: 'QuickCheckoutPage',
      label: 'checkout',
      head: { title: 'Checkout', description: 'd' },
      render: 'server',
      data: {},
      query: {},
      indexed: true,
      personal: false,
      serverLoader: false,
      loaderParameters: [],
    });
    expect(routes[3]).toMatchObject({ render: 'client', indexed: false });
  });
});

describe('matchPage', () => {
  it('finds the most specific route and its parameters', () => {
    expect(matchPage(routes, '/checkout')?.route.exposed).toBe('QuickCheckoutPage');
    expect(matchPage(routes, '/checkout/retatrutide')).toEqual({
      route: routes[1],
      params: { slug: 'retatrutide' },
    });
    expect(matchPage(routes, '/product/bpc-157')?.params).toEqual({ productId: 'bpc-157' });
  });

  it('answers null for a path no route has', () => {
    expect(matchPage(routes, '/no-such-page')).toBeNull();
    expect(matchPage(routes, '/product/bpc-157/extra')).toBeNull();
  });
});

describe('data URLs', () => {
  it('fills path parameters, encoded', () => {
    expect(fillPath('/api/product/products/:id', { id: 'a b/c' })).toBe('/api/product/products/a%20b%2Fc');
    expect(() => fillPath('/api/product/products/:id', {})).toThrow('No value for :id');
  });

  it('takes a placeholder from the path, else from the query with its declared default', () => {
    const template = '/api/catalog/quick-checkout/:slug?dose=:dosage';
    expect(
      resolveDataUrl('/api/catalog/quick-checkout/:slug', {
        params: { slug: 'semax' },
        search: '',
        query: {},
      }),
    ).toBe('/api/catalog/quick-checkout/semax');
    expect(
      resolveDataUrl('/api/catalog/products/:product', {
        params: {},
        search: '?product=%20ghk-cu%20',
        query: { product: 'bpc-157' },
      }),
    ).toBe('/api/catalog/products/ghk-cu');
    expect(
      resolveDataUrl('/api/catalog/products/:product', {
        params: {},
        search: '?product=',
        query: { product: 'bpc-157' },
      }),
    ).toBe('/api/catalog/products/bpc-157');
    expect(resolveDataUrl(template, { params: { slug: 'semax' }, search: '', query: {} })).toBeNull();
    // A parameter with no default, absent or blank: there is nothing to fetch (an order without its id).
    for (const search of ['', '?session_id=', '?session_id=%20']) {
      expect(
        resolveDataUrl('/api/checkout/orders/:session_id', { params: {}, search, query: { session_id: '' } }),
      ).toBeNull();
    }
  });
});
