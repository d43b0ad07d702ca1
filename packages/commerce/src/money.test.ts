import { dollarsToCents, formatUsd, multiplyAndRoundHalfUp } from './money';

describe('dollarsToCents', () => {
  it.each([
    ['69.99', 6999],
    ['140', 14000],
    ['15.9', 1590],
    ['0.01', 1],
    [89.99, 8999],
    [199, 19900],
    [0.1 + 0.2, 30],
  ])('reads %p as %p cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '1.999', '-5', '1e3'])('refuses %p', (input) => {
    expect(() => dollarsToCents(input)).toThrow(new RangeError(`Not a dollar amount: ${input}`));
  });
});

describe('formatUsd', () => {
  it('formats cents as US dollars', () => {
    expect(formatUsd(14000)).toBe('$140.00');
    expect(formatUsd(6999)).toBe('$69.99');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-2550)).toBe('-$25.50');
  });

  it('writes what Intl.NumberFormat writes for US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 99, 100, 999_99, 1_000_00, 12_345_678_90, -1_234_50]) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
  });

  it('refuses fractional cents', () => {
    expect(() => formatUsd(10.5)).toThrow(new RangeError('Not a whole number of cents: 10.5'));
  });
});

describe('multiplyAndRoundHalfUp', () => {
  it('rounds an exact half cent up', () => {
    // 15% of 10 cents is 1.5 cents
    expect(multiplyAndRoundHalfUp(10, 1500, 10_000)).toBe(2);
    // 5% of 30 cents is 1.5 cents
    expect(multiplyAndRoundHalfUp(30, 500, 10_000)).toBe(2);
  });

  it('rounds below a half down and above a half up', () => {
    expect(multiplyAndRoundHalfUp(14, 1000, 10_000)).toBe(1); // 1.4
    expect(multiplyAndRoundHalfUp(16, 1000, 10_000)).toBe(2); // 1.6
    expect(multiplyAndRoundHalfUp(6999, 800, 10_000)).toBe(560); // 559.92
  });

  it('is exact where floating point is not', () => {
    // 1.005 dollars x 1 would round to 1.00 with Math.round(1.005 * 100) / 100
    expect(multiplyAndRoundHalfUp(201, 5000, 10_000)).toBe(101); // 100.5
  });

  it('refuses negative amounts', () => {
    expect(() => multiplyAndRoundHalfUp(-1, 1, 1)).toThrow(new RangeError('Amounts are never negative'));
  });
});
