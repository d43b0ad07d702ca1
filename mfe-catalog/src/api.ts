import { apiResource } from '@storefront/commerce/api-client';
import { apiReads } from './api-reads';

const reads = apiReads.catalog;

/** The only place this module talks to its service (through the shell's /api/catalog proxy). */
export const catalogApi = {
  homeProducts: apiResource('/api/catalog/home-products', reads['GET /home-products']),
  catalogue: apiResource('/api/catalog/catalogue', reads['GET /catalogue']),
};
