import {
  GENERIC_CHECKOUT_CHANNELS,
  genericCheckoutChannel,
  catalogueProductSchema,
  checkoutProductSchema,
  homeProductSchema,
  quoteRequestSchema,
  quotedLineSchema,
} from './catalog-schemas';

const line = { productId: 'bpc-157', dose: '10mg', quantity: 2 };
const quote = (change: Partial<typeof line> = {}, lines = [{ ...line, ...change }]) =>
  quoteRequestSchema.safeParse({ channel: 'storefront', lines });

describe('what another service may ask the catalog to price', () => {
  it('takes lines of a product, a dose and a whole quantity, trimmed, from a price list the shop has', () => {
    expect(quote({ productId: '  bpc-157 ', dose: ' 10mg' }).data?.lines).toEqual([line]);
    for (const channel of ['storefront', 'quick-checkout', 'catalogue'])
      expect(quoteRequestSchema.safeParse({ channel, lines: [line] }).success).toBe(true);
    expect(quoteRequestSchema.safeParse({ channel: 'wholesale', lines: [line] }).success).toBe(false);
  });

  it('refuses a quantity under 1, over 10,000 or not whole, and accepts both ends', () => {
    expect(quote({ quantity: 1 }).success).toBe(true);
    expect(quote({ quantity: 10_000 }).success).toBe(true);
    for (const quantity of [0, -1, 10_001, 1.5]) expect(quote({ quantity }).success).toBe(false);
  });

  it('refuses a blank or overlong product or dose', () => {
    expect(quote({ productId: '   ' }).success).toBe(false);
    expect(quote({ dose: '' }).success).toBe(false);
    expect(quote({ productId: 'p'.repeat(80) }).success).toBe(true);
    expect(quote({ productId: 'p'.repeat(81) }).success).toBe(false);
    expect(quote({ dose: 'd'.repeat(20) }).success).toBe(true);
    expect(quote({ dose: 'd'.repeat(21) }).success).toBe(false);
  });

  it('asks for one line at least and fifty at most', () => {
    expect(quote({}, []).success).toBe(false);
    expect(
      quote(
        {},
        Array.from({ length: 50 }, () => line),
      ).success,
    ).toBe(true);
    expect(
      quote(
        {},
        Array.from({ length: 51 }, () => line),
      ).success,
    ).toBe(false);
  });
});

describe("the catalog's answers", () => {
  it('carry prices as whole, non-negative cents', () => {
    const quoted = {
      ...line,
      name: 'BPC-157',
      sku: 'BPC-10',
      image: '/b.svg',
      unitPrice: 8500,
      lineTotal: 17000,
    };
    expect(quotedLineSchema.safeParse(quoted).success).toBe(true);
    expect(quotedLineSchema.safeParse({ ...quoted, unitPrice: 0 }).success).toBe(true);
    expect(quotedLineSchema.safeParse({ ...quoted, unitPrice: -1 }).success).toBe(false);
    expect(quotedLineSchema.safeParse({ ...quoted, lineTotal: 170.5 }).success).toBe(false);
  });

  it('offer every product at one dose at least, on the home page and at checkout', () => {
    const dose = { dose: '10mg', price: 8500, image: '/b.svg', label: null };
    const home = {
      id: 'bpc-157',
      name: 'BPC-157',
      description: 'A peptide.',
      applications: [],
      purity: '99%',
      storage: '-20°C',
      keywords: [],
      defaultDose: '10mg',
      doses: [dose],
      checkoutPath: '/checkout/bpc-157',
    };
    expect(homeProductSchema.safeParse(home).success).toBe(true);
    expect(homeProductSchema.safeParse({ ...home, doses: [] }).success).toBe(false);
    expect(homeProductSchema.safeParse({ ...home, doses: [{ ...dose, price: -5 }] }).success).toBe(false);

    const checkout = {
      id: 'bpc-157',
      channel: 'quick-checkout',
      name: 'BPC-157',
      description: 'A peptide.',
      applications: [],
      sku: 'BPC-10',
      purity: '99%',
      doses: [{ dose: '10mg', price: 8500, purity: 99, popular: true, image: '/b.svg' }],
    };
    expect(checkoutProductSchema.safeParse(checkout).success).toBe(true);
    expect(checkoutProductSchema.safeParse({ ...checkout, doses: [] }).success).toBe(false);
  });

  it("list the catalogue's products with a price in cents", () => {
    const product = {
      id: 'bpc-157',
      name: 'BPC-157',
      dose: '10mg',
      casNumber: '137525-51-0',
      molecularFormula: 'C62H98N16O22',
      molecularWeight: '1419.5',
      purity: 99,
      price: 8500,
      image: '/b.svg',
      category: 'Healing',
      researchAreas: [],
      inStock: true,
      featured: false,
      description: 'A peptide.',
    };
    expect(catalogueProductSchema.safeParse(product).success).toBe(true);
    expect(catalogueProductSchema.safeParse({ ...product, price: 85.5 }).success).toBe(false);
  });
});

describe("the generic checkout's price lists", () => {
  it('sells at the catalogue list only where the address asks for it; any other channel is its own', () => {
    expect(GENERIC_CHECKOUT_CHANNELS).toEqual(['quick-checkout', 'catalogue']);
    expect(genericCheckoutChannel('catalogue')).toBe('catalogue');
    for (const asked of [null, '', 'quick-checkout', 'storefront', 'CATALOGUE', 'catalogue ']) {
      expect(genericCheckoutChannel(asked)).toBe('quick-checkout');
    }
  });
});
