import { defineRoutes } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';
import { ADD_TO_CART } from './actions';
import { PRODUCT_PAGE_URL } from './api';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
const routes = defineRoutes([
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

/**
 * What this module is to the shell and the other modules: the product page, its Buy Now (carried out by
 * its server module where no script runs), and what it uses of the checkout module: its Add to Cart and
 * the generic checkout Buy Now goes to.
 */
export const manifest = defineModule({
  routes,
  actions: { 'buy-now': { fields: ['productId', 'quantity'] } },
  uses: { fragments: [], actions: [ADD_TO_CART], routes: ['checkout /checkout'] },
});
