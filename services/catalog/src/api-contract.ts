import {
  catalogueSchema,
  checkoutProductSchema,
  dedicatedCheckoutSchema,
  homeProductsSchema,
} from '@storefront/commerce/catalog';

/**
 * What the catalog service's public API returns, endpoint by endpoint: published with each release, so a
 * deploy can refuse a service that stops returning what a live UI reads (and a UI that reads what the
 * live service does not return). The service tests check its answers against it.
 */
export const apiContract = {
  'GET /home-products': homeProductsSchema,
  'GET /catalogue': catalogueSchema,
  'GET /checkout-products/quick-checkout/:productId': checkoutProductSchema,
  'GET /checkout-products/catalogue/:productId': checkoutProductSchema,
  'GET /dedicated-checkouts/:slug': dedicatedCheckoutSchema,
};
