import { checkoutProblem, orderRequestSchema, type OrderRequest } from './checkout-schemas';

const base = (changes: Partial<OrderRequest> = {}): OrderRequest =>
  orderRequestSchema.parse({
    checkout: 'product',
    lines: [{ productId: 'bpc-157', dose: '10mg', quantity: 1, channel: 'storefront' }],
    customer: { email: 'ada@lab.example', firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '555-0100' },
    shipping: { address: '1 Lab Way', city: 'Tempe', state: 'AZ', zipCode: '85281' },
    agreeToTerms: true,
    agreeToAge: true,
    ...changes,
  });

describe('checkoutProblem (spec section 5)', () => {
  it('lets a complete request through, with United States as the default country', () => {
    const request = base();
    expect(checkoutProblem(request)).toBeNull();
    expect(request.shipping?.country).toBe('United States');
  });

  it('asks for the shipping address on product and cart checkouts', () => {
    for (const checkout of ['product', 'cart'] as const) {
      expect(
        checkoutProblem(
          base({
            checkout,
            shipping: { address: '1 Lab Way', city: '', state: 'AZ', zipCode: '85281', country: 'Canada' },
          }),
        ),
      ).toEqual({
        title: 'Missing Information',
        description: 'Please fill in all required fields including shipping address.',
      });
    }
  });

  it('does not ask for an address on the quick checkout', () => {
    expect(checkoutProblem(base({ checkout: 'quick', shipping: undefined }))).toBeNull();
    expect(
      checkoutProblem(
        base({
          checkout: 'quick',
          customer: { email: 'a@b.c', firstName: ' ', lastName: 'L', phoneNumber: '1' },
        }),
      ),
    ).toEqual({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
    });
  });

  it('then requires both agreements', () => {
    for (const agreements of [{ agreeToTerms: false }, { agreeToAge: false }]) {
      expect(checkoutProblem(base(agreements))).toEqual({
        title: 'Agreement Required',
        description: 'Please agree to all terms and conditions.',
      });
    }
  });

  it('refuses prices and totals as part of the request shape', () => {
    const parsed = orderRequestSchema.parse({
      ...base(),
      total: 1,
      lines: [{ ...base().lines[0], unitPrice: 1 }],
    });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed.lines[0]).not.toHaveProperty('unitPrice');
  });
});
