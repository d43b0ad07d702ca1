import {
  computeOrderTotals,
  discountRateToBasisPoints,
  FLAT_SHIPPING,
  formatDiscountPercent,
  lineTotal,
  TAX_RATE_LABEL,
} from './order';

describe('computeOrderTotals (spec section 9)', () => {
  it('charges flat shipping and 8% tax with no discount', () => {
    // Retatrutide 10mg at 140 x1
    expect(computeOrderTotals([{ unitPrice: 14000, quantity: 1 }])).toEqual({
      subtotal: 14000,
      discount: 0,
      discountedSubtotal: 14000,
      shipping: 1599,
      tax: 1120,
      total: 16719,
    });
  });

  it('applies the discount before shipping and tax', () => {
    // 140 x1 with 10% off: discount 14, discounted 126, tax 10.08, shipping 15.99, total 152.07
    expect(computeOrderTotals([{ unitPrice: 14000, quantity: 1 }], 0.1)).toEqual({
      subtotal: 14000,
      discount: 1400,
      discountedSubtotal: 12600,
      shipping: 1599,
      tax: 1008,
      total: 15207,
    });
  });

  it('ships free when the discounted subtotal is exactly 250', () => {
    const totals = computeOrderTotals([{ unitPrice: 12500, quantity: 2 }]);
    expect(totals.shipping).toBe(0);
    expect(totals.total).toBe(25000 + 2000);
  });

  it('charges shipping one cent below 250', () => {
    expect(computeOrderTotals([{ unitPrice: 24999, quantity: 1 }]).shipping).toBe(FLAT_SHIPPING);
  });

  it('decides free shipping on the discounted subtotal, not the subtotal', () => {
    // 199 x2 = 398 with 40% off = 238.80: shipping is charged again
    const totals = computeOrderTotals([{ unitPrice: 19900, quantity: 2 }], 0.4);
    expect(totals.discountedSubtotal).toBe(23880);
    expect(totals.shipping).toBe(FLAT_SHIPPING);
  });

  it('never taxes shipping', () => {
    const totals = computeOrderTotals([{ unitPrice: 6999, quantity: 1 }]);
    expect(totals.tax).toBe(560); // 8% of 69.99 = 5.5992
    expect(totals.total).toBe(6999 + 1599 + 560);
  });

  it('rounds a half-cent discount up', () => {
    // 15% of 0.10 = 0.015
    const totals = computeOrderTotals([{ unitPrice: 10, quantity: 1 }], 0.15);
    expect(totals.discount).toBe(2);
    expect(totals.discountedSubtotal).toBe(8);
    expect(totals.tax).toBe(1); // 0.64 cents
  });

  it('keeps every component whole and the total their exact sum', () => {
    for (const rate of [0, 0.05, 0.1, 0.125, 0.15, 0.18, 0.2, 0.333]) {
      for (const unitPrice of [6999, 8999, 14999, 1599, 8500]) {
        for (const quantity of [1, 2, 3, 7]) {
          const t = computeOrderTotals([{ unitPrice, quantity }], rate);
          for (const value of Object.values(t)) expect(Number.isSafeInteger(value)).toBe(true);
          expect(t.total).toBe(t.discountedSubtotal + t.shipping + t.tax);
          expect(t.discountedSubtotal).toBe(t.subtotal - t.discount);
        }
      }
    }
  });

  it('sums several lines (a cart)', () => {
    const totals = computeOrderTotals([
      { unitPrice: 8500, quantity: 2 },
      { unitPrice: 6999, quantity: 1 },
    ]);
    expect(totals.subtotal).toBe(23999);
  });

  it('gives an empty order no total beyond shipping', () => {
    expect(computeOrderTotals([])).toMatchObject({ subtotal: 0, tax: 0, total: FLAT_SHIPPING });
  });

  // By message: a rate or quantity out of range also makes some amount negative or fractional, which
  // the money functions refuse on their own; these tests are for the rule that names the input.
  it.each([0, -1, 1.5, Number.NaN])('refuses quantity %p', (quantity) => {
    expect(() => lineTotal({ unitPrice: 100, quantity })).toThrow(
      new RangeError(`Quantity must be a whole number of at least 1: ${quantity}`),
    );
  });

  it.each([-0.1, 1.01, Number.NaN])('refuses discount rate %p', (rate) => {
    expect(() => computeOrderTotals([{ unitPrice: 100, quantity: 1 }], rate)).toThrow(
      new RangeError(`Discount rate out of range: ${rate}`),
    );
  });

  it('takes a whole discount (rate 1), the edge of the range', () => {
    expect(computeOrderTotals([{ unitPrice: 100, quantity: 1 }], 1)).toMatchObject({
      discount: 100,
      tax: 0,
      total: FLAT_SHIPPING,
    });
  });
});

describe('discount presentation', () => {
  it('shows a rate as a whole percent', () => {
    expect(formatDiscountPercent(0.1)).toBe('10%');
    expect(formatDiscountPercent(0.125)).toBe('13%');
  });

  it("names the tax rate as the summary shows it ('8%')", () => {
    expect(TAX_RATE_LABEL).toBe('8%');
  });

  it('carries rates as basis points without float drift', () => {
    expect(discountRateToBasisPoints(0.07)).toBe(700);
    expect(discountRateToBasisPoints(0.29)).toBe(2900);
  });
});
