import type { AffiliateFigures } from '@storefront/commerce/affiliate';
import styled from 'styled-components';

const Figure = styled.figure`
  margin: 1.5rem 0;
  svg {
    display: block;
    width: 100%;
    height: auto;
  }
  .clicks {
    fill: ${({ theme }) => theme.colors.brand};
    fill-opacity: 0.45;
  }
  .orders {
    fill: ${({ theme }) => theme.colors.accentStrong};
  }
  .axis {
    stroke: ${({ theme }) => theme.colors.inkMuted};
  }

  figcaption {
    display: grid;
    gap: 0.25rem;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  .dates {
    display: flex;
    justify-content: space-between;
  }
`;

const Key = styled.span<{ $tone: 'clicks' | 'orders' }>`
  &::before {
    content: '';
    display: inline-block;
    width: 0.75rem;
    height: 0.75rem;
    margin-right: 0.35rem;
    vertical-align: -0.1rem;
    border-radius: 2px;
    background: ${({ theme, $tone }) => ($tone === 'clicks' ? theme.colors.brand : theme.colors.accentStrong)};
    opacity: ${({ $tone }) => ($tone === 'clicks' ? 0.45 : 1)};
  }
`;

const WIDTH = 600;
const HEIGHT = 120;
const AXIS = 2;
/** The least height of a bar that counts something: one order beside a thousand clicks still shows. */
const MIN_BAR = 3;

/**
 * The last 30 days drawn by the page itself (no chart library, nothing from a CDN): a bar of clicks and
 * a bar of orders per day, side by side on one scale (the busiest day reaches the top), so that neither
 * hides the other (a day with as many orders as clicks shows two bars of one height); a day's non-zero
 * count is never drawn thinner than a hairline's worth. Its text alternative says the totals.
 */
export function ReferralChart({ days }: { days: AffiliateFigures['days'] }) {
  const top = Math.max(1, ...days.map((day) => Math.max(day.clicks, day.orders)));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = (slot - 4) / 2;
  const height = (value: number) => (value === 0 ? 0 : Math.max(MIN_BAR, (value / top) * (HEIGHT - AXIS)));
  const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return (
    <Figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Last 30 days, ${first} to ${last}: ${clicks} clicks and ${orders} orders.`}
      >
        {days.map((day, index) => (
          <g key={day.day}>
            <title>{`${day.day}: ${day.clicks} clicks, ${day.orders} orders`}</title>
            <rect
              x={index * slot + 2}
              y={HEIGHT - AXIS - height(day.clicks)}
              width={bar}
              height={height(day.clicks)}
              className="clicks"
            />
            <rect
              x={index * slot + 2 + bar}
              y={HEIGHT - AXIS - height(day.orders)}
              width={bar}
              height={height(day.orders)}
              className="orders"
            />
          </g>
        ))}
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="axis" />
      </svg>
      {/* The dates and key are the page's text, read at the page's size on any screen. */}
      <figcaption>
        <span className="dates">
          <span>{first}</span>
          <span>{last}</span>
        </span>
        <span>
          <Key $tone="clicks">Clicks</Key> <Key $tone="orders">Orders</Key>
        </span>
      </figcaption>
      {clicks + orders === 0 && <p>No clicks or orders in the last 30 days.</p>}
    </Figure>
  );
}
