import { remoteRoutes } from './route-table';

it('maps every route of spec section 2 (other than not-found) to a remote module', () => {
  expect(remoteRoutes.map((r) => r.path).sort()).toEqual(
    [
      '/',
      '/catalog',
      '/auth',
      '/product/:productId',
      '/checkout',
      '/checkout/retatrutide',
      '/checkout/bpc-157',
      '/checkout/ghk-cu',
      '/checkout/igf1-lr3',
      '/checkout/cjc1295',
      '/checkout/tb-500',
      '/checkout/semax',
      '/cart-checkout',
      '/ref/:code',
      '/success',
      '/cancel',
      '/refund-policy',
      '/shipping-policy',
      '/terms-of-service',
    ].sort(),
  );
});
