import { apiResource, catalogueSchema, homeProductsSchema } from '@storefront/commerce';

/** The only place this module talks to its service (through the shell's /api/catalog proxy). */
export const catalogApi = {
  homeProducts: apiResource('/api/catalog/home-products', homeProductsSchema),
  catalogue: apiResource('/api/catalog/catalogue', catalogueSchema),
};
