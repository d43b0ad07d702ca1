import { accountStandingSchema } from './affiliate-program';

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
