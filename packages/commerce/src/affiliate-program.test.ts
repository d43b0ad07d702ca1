import { accountStandingSchema, affiliateFiguresSchema } from './affiliate-program';

describe("an account's standing in the affiliate program", () => {
  it('reads an account that has not applied, and each standing of one that has', () => {
    expect(accountStandingSchema.parse({ status: 'none' })).toEqual({ status: 'none' });
    const approved = {
      status: 'approved',
      name: 'Dr. Ada Lab',
      code: 'ADA2LAB9',
      commissionRate: 0.1,
      appliedAt: '2026-11-28T01:00:00.000Z',
    };
    expect(accountStandingSchema.parse(approved)).toEqual(approved);
    expect(accountStandingSchema.parse({ ...approved, status: 'applied', code: null }).code).toBeNull();
  });

  it("reads an approved affiliate's figures, in whole cents, with statuses it knows", () => {
    const figures = {
      clicks: 3,
      orders: 1,
      conversionRate: 1 / 3,
      referredCents: 12_600,
      pendingCents: 1_260,
      payableCents: 0,
      paidCents: 0,
      days: [{ day: '2026-11-28', clicks: 3, orders: 1 }],
      referredOrders: [
        {
          paidAt: '2026-11-28T10:00:00.000Z',
          orderNumber: 'ORD-1A2B3C4D',
          subtotalCents: 12_600,
          commissionCents: 1_260,
          status: 'pending',
        },
      ],
    };
    expect(affiliateFiguresSchema.parse(figures)).toEqual(figures);
    expect(affiliateFiguresSchema.safeParse({ ...figures, pendingCents: 12.6 }).success).toBe(false);
    expect(affiliateFiguresSchema.safeParse({ ...figures, paidCents: -1 }).success).toBe(false);
    const unknownStatus = { ...figures.referredOrders[0], status: 'clawed-back' };
    expect(affiliateFiguresSchema.safeParse({ ...figures, referredOrders: [unknownStatus] }).success).toBe(
      false,
    );
  });

  it.each([
    [{ status: 'pending' }],
    [{ status: 'approved', commissionRate: 1.5 }],
    [{ status: 'approved', commissionRate: -0.1 }],
    [{ status: 'approved', code: 42 }],
    [{}],
  ])('refuses %p', (answer) => {
    expect(accountStandingSchema.safeParse(answer).success).toBe(false);
  });
});
