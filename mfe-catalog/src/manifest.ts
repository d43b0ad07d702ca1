import { defineRoutes } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';
import { catalogApi } from './api';
import { ADD_TO_CART, NEWSLETTER } from './uses';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
const routes = defineRoutes([
  {
    path: '/',
    exposed: 'HomePage',
    label: 'home page',
    data: { products: catalogApi.homeProducts.url },
    head: {
      title: 'Research-Grade Peptides',
      description:
        'Research-grade lyophilized peptides for laboratories and institutions: 99.9% purity, third-party tested, shipped from the USA. For research use only.',
    },
  },
  {
    path: '/catalog',
    exposed: 'CatalogPage',
    label: 'catalogue',
    data: { catalogue: catalogApi.catalogue.url },
    head: {
      title: 'Research Peptide Catalog',
      description:
        'Browse research peptides by category: growth factors, metabolic and tissue research, blends and laboratory supplies, each with its certificate of analysis.',
    },
  },
]);

/**
 * What this module is to the shell and the other modules: its two pages, and what they use of others:
 * the checkout module's Add to Cart (its cards' forms) and dedicated checkouts (the home grid's links),
 * and the content module's newsletter (the home page's last section).
 */
export const manifest = defineModule({
  routes,
  uses: { fragments: [NEWSLETTER], actions: [ADD_TO_CART], routes: ['checkout /checkout/:slug'] },
});
