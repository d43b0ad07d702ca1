import { apiResource } from '@storefront/commerce/api-client';
import { fillPath } from '@storefront/routing';
import { apiReads } from './api-reads';

/** The only place this module talks to its service (through the shell's /api/product proxy). */
export const PRODUCT_PAGE_URL = '/api/product/products/:productId';

export const productApi = {
  page: (productId: string) =>
    apiResource(fillPath(PRODUCT_PAGE_URL, { productId }), apiReads.product['GET /products/:productId']),
  certificateUrl: (productId: string) => `${fillPath(PRODUCT_PAGE_URL, { productId })}/coa.pdf`,
};
