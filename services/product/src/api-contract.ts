import { productPageSchema } from '@storefront/commerce/product';

/** What the product service's public API returns (published with each release; see catalog's). */
export const apiContract = {
  'GET /products/:productId': productPageSchema,
};
