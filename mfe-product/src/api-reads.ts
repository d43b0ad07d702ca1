import { productPageSchema } from '@storefront/commerce/product';

/** What this module reads from services (published with each release; see mfe-catalog's). */
export const apiReads = {
  product: { 'GET /products/:productId': productPageSchema },
};
