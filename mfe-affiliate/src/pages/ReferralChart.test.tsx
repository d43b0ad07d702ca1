import { theme } from '@storefront/ui';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { ReferralChart } from './ReferralChart';

const drawn = (days: { day: string; clicks: number; orders: number }[]) => {
  const { container } = render(
    <ThemeProvider theme={theme}>
      <ReferralChart days={days} />
    </ThemeProvider>,
  );
  const bar = (kind: string, index: number) => {
    const rect = container.querySelectorAll(`rect.${kind}`)[index]!;
    const x = Number(rect.getAttribute('x'));
    return {
      from: x,
      to: x + Number(rect.getAttribute('width')),
      height: Number(rect.getAttribute('height')),
    };
  };
  return { clicks: (index: number) => bar('clicks', index), orders: (index: number) => bar('orders', index) };
};

describe('the referral chart', () => {
  it('shows both bars of a day with as many orders as clicks: side by side, of one height', () => {
    const chart = drawn([
      { day: '2026-12-06', clicks: 2, orders: 2 },
      { day: '2026-12-07', clicks: 4, orders: 1 },
    ]);
    const [clicks, orders] = [chart.clicks(0), chart.orders(0)];
    expect(clicks.height).toBeGreaterThan(0);
    expect(orders.height).toBe(clicks.height);
    // Neither covers the other.
    expect(orders.from).toBeGreaterThanOrEqual(clicks.to);
    expect(orders.to - orders.from).toBe(clicks.to - clicks.from);
    // And the next day's bars stand apart from them.
    expect(chart.clicks(1).from).toBeGreaterThan(orders.to);
  });

  it('never draws a day that counts something too thin to see, nor one that counts nothing', () => {
    const chart = drawn([{ day: '2026-12-07', clicks: 1000, orders: 1 }]);
    expect(chart.orders(0).height).toBeGreaterThanOrEqual(3);
    const quiet = drawn([{ day: '2026-12-07', clicks: 0, orders: 0 }]);
    expect([quiet.clicks(0).height, quiet.orders(0).height]).toEqual([0, 0]);
  });
});
