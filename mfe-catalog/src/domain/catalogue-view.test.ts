import type { CatalogueProduct } from '@storefront/commerce/catalog';
import { catalogueQueryFrom, catalogueSearchOf, viewCatalogue } from './catalogue-view';

const item = (name: string, category: string, price: number, purity: number): CatalogueProduct => ({
  id: name,
  name,
  dose: '10mg',
  casNumber: '',
  molecularFormula: '',
  molecularWeight: '',
  purity,
  price,
  image: '',
  category,
  researchAreas: [],
  inStock: true,
  featured: false,
  description: '',
});

const products = [
  item('BPC-157', 'Tissue Research', 7999, 99.7),
  item('AOD-9604', 'Metabolic Research', 12499, 99.5),
  item('Bacteriostatic Water', 'Laboratory Supplies', 1599, 99.9),
  item('5-Amino-1MQ', 'Metabolic Research', 8999, 99.8),
];
const names = (list: CatalogueProduct[]) => list.map((p) => p.name);

describe('viewCatalogue', () => {
  it('sorts by name by default', () => {
    expect(names(viewCatalogue(products, { search: '', category: 'All', sort: 'name' }))).toEqual([
      '5-Amino-1MQ',
      'AOD-9604',
      'Bacteriostatic Water',
      'BPC-157',
    ]);
  });

  it('sorts by price ascending and by purity descending', () => {
    expect(names(viewCatalogue(products, { search: '', category: 'All', sort: 'price' }))).toEqual([
      'Bacteriostatic Water',
      'BPC-157',
      '5-Amino-1MQ',
      'AOD-9604',
    ]);
    expect(names(viewCatalogue(products, { search: '', category: 'All', sort: 'purity' }))).toEqual([
      'Bacteriostatic Water',
      '5-Amino-1MQ',
      'BPC-157',
      'AOD-9604',
    ]);
  });

  it('filters by category', () => {
    expect(
      names(viewCatalogue(products, { search: '', category: 'Metabolic Research', sort: 'name' })),
    ).toEqual(['5-Amino-1MQ', 'AOD-9604']);
  });

  it('searches name or category, and combines with the filter', () => {
    expect(names(viewCatalogue(products, { search: ' bpc ', category: 'All', sort: 'name' }))).toEqual([
      'BPC-157',
    ]);
    expect(names(viewCatalogue(products, { search: 'metabolic', category: 'All', sort: 'name' }))).toEqual([
      '5-Amino-1MQ',
      'AOD-9604',
    ]);
    expect(
      names(viewCatalogue(products, { search: 'water', category: 'Tissue Research', sort: 'name' })),
    ).toEqual([]);
  });

  it('does not search descriptions', () => {
    expect(
      viewCatalogue([{ ...products[0]!, description: 'angiogenesis' }], {
        search: 'angio',
        category: 'All',
        sort: 'name',
      }),
    ).toEqual([]);
  });
});

describe('catalogueSearchOf', () => {
  it('names only what differs from the defaults, as the no-script form reads it back', () => {
    expect(catalogueSearchOf({ search: '', category: 'All', sort: 'name' })).toBe('');
    const view = { search: 'bpc 157', category: 'Tissue Research', sort: 'price' } as const;
    const address = catalogueSearchOf(view);
    expect(address).toBe('?search=bpc+157&category=Tissue+Research&sort=price');
    expect(catalogueQueryFrom(new URLSearchParams(address))).toEqual(view);
  });
});
