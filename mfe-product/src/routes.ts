import { defineRoutes } from '@storefront/routing';
import { PRODUCT_PAGE_URL } from './api';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
export const routes = defineRoutes([
  {
    path: '/product/:productId',
    exposed: 'ProductPage',
    label: 'product page',
    data: { page: PRODUCT_PAGE_URL },
    head: {
      title: 'Research Peptide',
      description: 'A research-grade peptide with its specifications and certificate of analysis.',
    },
    // Every product in the catalogue has its page.
    sitemap: { list: '/api/catalog/catalogue', items: 'products', field: 'id', param: 'productId' },
  },
]);
