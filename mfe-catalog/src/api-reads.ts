import { catalogueSchema, homeProductsSchema } from '@storefront/commerce/catalog';

/**
 * What this module reads from services, by the module whose service answers: each endpoint with the
 * schema its answer is parsed with (api.ts parses with these). Published with each release, so a deploy
 * can refuse a UI that needs what the live service does not return.
 */
export const apiReads = {
  catalog: {
    'GET /home-products': homeProductsSchema,
    'GET /catalogue': catalogueSchema,
  },
};
