import { defineRoutes } from '@storefront/routing';
import { catalogApi } from './api';

/** The pages this module serves; the shell's route table comes from here, through the registry. */
export const routes = defineRoutes([
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
