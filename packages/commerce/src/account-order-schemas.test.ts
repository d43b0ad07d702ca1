import {
  accountOrderSchema,
  formatOrderDate,
  orderCharges,
  ORDER_NUMBER,
  ORDER_STATE_WORDS,
  reorderChangeWords,
  reorderRequestSchema,
} from './account-order-schemas';

describe("a researcher's orders, as the shop writes them", () => {
  it('dates an order by its day in UTC, whatever the hour', () => {
    expect(formatOrderDate('2026-12-07T23:59:59Z')).toBe('December 7, 2026');
    expect(formatOrderDate('2027-01-01T00:00:00Z')).toBe('January 1, 2027');
    expect(formatOrderDate('2026-02-28T12:00:00.000Z')).toBe('February 28, 2026');
  });

  it('says each state in words', () => {
    expect(ORDER_STATE_WORDS).toEqual({
      awaiting_payment: 'Awaiting payment',
      paid: 'Paid',
      refunded: 'Refunded',
      cancelled: 'Cancelled',
    });
  });

  it('knows an order number: ORD- and eight upper-case hex digits, nothing around it', () => {
    expect(ORDER_NUMBER.test('ORD-1A2B3C4D')).toBe(true);
    for (const number of [
      'ord-1a2b3c4d',
      'ORD-1A2B3C4',
      'ORD-1A2B3C4DE',
      'ORD-1A2B3C4G',
      ' ORD-1A2B3C4D',
      'XORD-1A2B3C4D',
    ])
      expect(ORDER_NUMBER.test(number)).toBe(false);
    expect(reorderRequestSchema.safeParse({ orderNumber: 'ORD-<script>' }).success).toBe(false);
    expect(reorderRequestSchema.safeParse({ orderNumber: 'ORD-1A2B3C4D' }).success).toBe(true);
  });

  it('tells a new price and a dose no longer sold', () => {
    expect(reorderChangeWords({ name: 'SEMAX', dose: '10mg', was: 8900, now: 9500 })).toBe(
      'SEMAX 10mg is now $95.00 (was $89.00).',
    );
    expect(reorderChangeWords({ name: 'BPC-157', dose: '5mg', was: 8900, now: null })).toBe(
      'BPC-157 5mg is no longer sold and was left out.',
    );
  });

  it('reads a whole order, and refuses one whose line has no price list', () => {
    const order = {
      orderNumber: 'ORD-1A2B3C4D',
      placedAt: '2026-12-07T10:00:00.000Z',
      state: 'paid',
      paidAt: '2026-12-07T10:05:00.000Z',
      refunded: 0,
      lines: [
        {
          productId: 'semax',
          channel: 'storefront',
          name: 'SEMAX',
          dose: '10mg',
          sku: 'SEMAX-10MG',
          quantity: 2,
          unitPrice: 8900,
          lineTotal: 17800,
        },
      ],
      totals: { subtotal: 17800, discount: 0, shipping: 0, tax: 1424, total: 19224 },
      discountRate: 0,
      affiliateCode: null,
      customer: { email: 'ada@lab.example', firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '555-0100' },
      shipping: null,
    };
    expect(accountOrderSchema.safeParse(order).success).toBe(true);
    const withoutChannel = { ...order, lines: [{ ...order.lines[0], channel: 'elsewhere' }] };
    expect(accountOrderSchema.safeParse(withoutChannel).success).toBe(false);
  });

  it('lists what the total is made of, the discount only where there was one, with its code and rate', () => {
    const totals = { subtotal: 20000, discount: 2000, shipping: 1599, tax: 1440, total: 21039 };
    expect(orderCharges({ totals, affiliateCode: 'RESEARCH10', discountRate: 0.1 })).toEqual([
      ['Subtotal', '$200.00'],
      ['Discount (RESEARCH10, 10%)', '-$20.00'],
      ['Shipping', '$15.99'],
      ['Tax', '$14.40'],
    ]);
    expect(
      orderCharges({ totals: { ...totals, discount: 0 }, affiliateCode: null, discountRate: 0 }),
    ).toEqual([
      ['Subtotal', '$200.00'],
      ['Shipping', '$15.99'],
      ['Tax', '$14.40'],
    ]);
  });
});
