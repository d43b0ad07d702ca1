import { productPageSchema, requestJson, type ProductPage } from '@storefront/commerce';

/** The only place this module talks to its service (through the shell's /api/product proxy). */
const BASE = '/api/product';

export const productApi = {
  page: (productId: string): Promise<ProductPage> =>
    requestJson(`${BASE}/products/${encodeURIComponent(productId)}`, productPageSchema),
  certificateUrl: (productId: string) => `${BASE}/products/${encodeURIComponent(productId)}/coa.pdf`,
};
