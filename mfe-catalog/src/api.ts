import {
  catalogueSchema,
  homeProductsSchema,
  requestJson,
  type Catalogue,
  type HomeProduct,
} from '@storefront/commerce';

/** The only place this module talks to its service (through the shell's /api/catalog proxy). */
const BASE = '/api/catalog';

export const catalogApi = {
  async homeProducts(): Promise<HomeProduct[]> {
    return (await requestJson(`${BASE}/home-products`, homeProductsSchema)).products;
  },
  catalogue: (): Promise<Catalogue> => requestJson(`${BASE}/catalogue`, catalogueSchema),
};
