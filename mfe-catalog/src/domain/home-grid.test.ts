import type { HomeProduct } from '@storefront/commerce/catalog';
import { checkoutHref, comingSoonPlaceholders, searchHomeProducts } from './home-grid';

const product = (name: string, extra: Partial<HomeProduct> = {}): HomeProduct => ({
  id: name.toLowerCase(),
  name,
  description: `${name} description`,
  applications: [],
  purity: '99%',
  storage: '-20°C',
  keywords: [],
  defaultDose: '5mg',
  doses: [{ dose: '5mg', price: 100, image: '', label: null }],
  checkoutPath: `/checkout/${name.toLowerCase()}`,
  ...extra,
});

const products = [
  product('Retatrutide', { keywords: ['glp-1', '2381089-83-2'] }),
  product('GHK-Cu', { applications: ['Collagen synthesis'] }),
  product('BPC-157', { description: 'Stable pentadecapeptide studied in tissue repair' }),
];

describe('searchHomeProducts', () => {
  it('returns everything for a blank query', () => {
    expect(searchHomeProducts(products, '   ')).toHaveLength(3);
  });

  it.each([
    ['RETA', ['Retatrutide']],
    ['  ghk  ', ['GHK-Cu']],
    ['collagen', ['GHK-Cu']],
    ['TISSUE REPAIR', ['BPC-157']],
    ['GLP-1', ['Retatrutide']],
    ['2381089', ['Retatrutide']],
    ['description', ['Retatrutide', 'GHK-Cu']],
    ['zzz', []],
  ])('matches %p case-insensitively on name, description, applications and keywords', (query, names) => {
    expect(searchHomeProducts(products, query).map((p) => p.name)).toEqual(names);
  });
});

describe('comingSoonPlaceholders', () => {
  it.each([
    [0, 0],
    [1, 0],
    [5, 0],
    [6, 1],
    [7, 2],
    [8, 0],
    [9, 0],
  ])('adds %p results %p placeholders', (count, placeholders) => {
    expect(comingSoonPlaceholders(count)).toBe(placeholders);
  });
});

describe('checkout links', () => {
  it("go to the catalog's checkout address with the dose and a quantity of 1 (spec section 2)", () => {
    expect(checkoutHref('/checkout/retatrutide', '20mg')).toBe(
      '/checkout/retatrutide?dosage=20mg&quantity=1',
    );
  });
});
