import {
  cartAdditionRequestSchema,
  cartAdditionSchema,
  cartLineId,
  cartQuantitySchema,
  CART_LINE_LIMIT,
  CART_QUANTITY_LIMIT_MESSAGE,
  PRICE_LIST_NAMES,
  shopperCartSchema,
  type CartAddition,
} from './cart-schemas';

const addition: CartAddition = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '/images/products/bpc-157.svg',
  price: 8500,
  quantity: 1,
  channel: 'storefront',
};

describe("a cart line's id", () => {
  it("is '{productId}-{dose}' for the storefront's own price list, the default", () => {
    expect(cartLineId('bpc-157', '10mg')).toBe('bpc-157-10mg');
    expect(cartLineId('bpc-157', '10mg', 'storefront')).toBe('bpc-157-10mg');
  });

  it('names any other price list, so the same dose from two lists stays two lines', () => {
    expect(cartLineId('bpc-157', '10mg', 'catalogue')).toBe('bpc-157-10mg-catalogue');
    expect(cartLineId('bpc-157', '10mg', 'quick-checkout')).toBe('bpc-157-10mg-quick-checkout');
  });

  it('is explained beside lines kept apart by their price list', () => {
    expect(PRICE_LIST_NAMES).toEqual({
      storefront: 'Home page price',
      catalogue: 'Catalogue price',
      'quick-checkout': 'Checkout price',
    });
  });
});

describe('what a page adds to the cart', () => {
  const accepts = (change: Partial<Record<keyof CartAddition, unknown>>) =>
    cartAdditionSchema.safeParse({ ...addition, ...change }).success;

  it('is accepted as the page saw it', () => {
    expect(cartAdditionSchema.parse(addition)).toEqual(addition);
    expect(accepts({ image: '/' })).toBe(true);
  });

  it('shows no picture from elsewhere than this site', () => {
    for (const image of [
      'https://tracker.example/pixel.png',
      '//tracker.example/pixel.png',
      'javascript:alert(1)',
      'images/relative.svg',
      '/images/a b.svg',
      `/${'a'.repeat(300)}`,
    ])
      expect([image, accepts({ image })]).toEqual([image, false]);
  });

  it('refuses names, sizes and ids that are empty or too long, and amounts out of range', () => {
    for (const change of [
      { productId: '' },
      { productId: 'p'.repeat(81) },
      { name: '' },
      { name: 'n'.repeat(201) },
      { variant: '' },
      { variant: 'v'.repeat(21) },
      { price: -1 },
      { price: 100_000_001 },
      { price: 85.5 },
      { quantity: 0 },
      { quantity: 10_001 },
      { channel: 'wholesale' },
    ])
      expect([change, accepts(change)]).toEqual([change, false]);
    for (const change of [
      { price: 0 },
      { price: 100_000_000 },
      { quantity: 10_000 },
      { name: 'n'.repeat(200) },
    ])
      expect([change, accepts(change)]).toEqual([change, true]);
  });
});

describe('an addition as the cart binding sends it', () => {
  const line = { productId: 'bpc-157', variant: '10mg', quantity: 1, channel: 'storefront' };

  it('may carry the id the binding gave it, 32 hex digits, by which it is added once', () => {
    const id = '0123456789abcdef'.repeat(2);
    expect(cartAdditionRequestSchema.parse({ ...line, additionId: id })).toEqual({ ...line, additionId: id });
    expect(cartAdditionRequestSchema.parse(line)).toEqual(line);
  });

  it('refuses an id of any other shape', () => {
    for (const additionId of ['', 'a'.repeat(31), 'a'.repeat(33), 'A'.repeat(32), `${'a'.repeat(31)}g`, 42])
      expect(cartAdditionRequestSchema.safeParse({ ...line, additionId }).success).toBe(false);
  });
});

describe("a cart line's new quantity", () => {
  it('is a whole number from 0 (which removes the line), never negative', () => {
    expect(cartQuantitySchema.safeParse({ quantity: 0 }).success).toBe(true);
    // As many as the catalog prices on one line of a quote, and no more.
    expect(cartQuantitySchema.safeParse({ quantity: 10_000 }).success).toBe(true);
    for (const quantity of [-1, 1.5, 10_001, '2'])
      expect(cartQuantitySchema.safeParse({ quantity }).success).toBe(false);
  });

  it('says, past the limit, how many one line holds and where to ask for more', () => {
    const refused = cartQuantitySchema.safeParse({ quantity: 10_001 });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([CART_QUANTITY_LIMIT_MESSAGE]);
    expect(CART_QUANTITY_LIMIT_MESSAGE).toBe(
      'One cart line holds at most 10,000 vials. For more, please ask us for a bulk order.',
    );
  });
});

describe("a shopper's cart", () => {
  const cart = (lines: number) => ({
    items: Array.from({ length: lines }, (_, i) => ({ ...addition, productId: `p-${i}`, id: `p-${i}-10mg` })),
    quote: null,
    problem: null,
    affiliate: null,
  });

  it(`holds at most ${CART_LINE_LIMIT} lines`, () => {
    expect(shopperCartSchema.safeParse(cart(CART_LINE_LIMIT)).success).toBe(true);
    expect(shopperCartSchema.safeParse(cart(CART_LINE_LIMIT + 1)).success).toBe(false);
  });
});
