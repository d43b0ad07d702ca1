import { formatUsd } from '@storefront/commerce';
import type { AffiliateFigures as Figures, CommissionStatus } from '@storefront/commerce/affiliate';
import { media } from '@storefront/ui';
import styled from 'styled-components';
import { ReferralChart } from './ReferralChart';

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 0.75rem;
  margin: 1.5rem 0 0;
  div {
    padding: 0.75rem;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  dt {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.25rem;
    font-weight: 700;
  }
  ${media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const TableFrame = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
  }
  th,
  td {
    padding: 0.5rem;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  td.money,
  th.money {
    text-align: right;
  }
`;

const STATUS_TEXT: Record<CommissionStatus, string> = {
  pending: 'Pending (refund window)',
  payable: 'Payable',
  paid: 'Paid',
  reversed: 'Reversed: refunded or cancelled',
  none: 'No commission: your own order',
};

const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

/**
 * An approved affiliate's own figures: clicks, orders and money, the last 30 days drawn, and their
 * attributed orders (date, number, subtotal, commission, status: never who bought).
 */
export function AffiliateFigures({ figures }: { figures: Figures }) {
  const stats: [string, string][] = [
    ['Clicks', String(figures.clicks)],
    ['Orders', String(figures.orders)],
    ['Conversion rate', percent(figures.conversionRate)],
    ['Revenue referred', formatUsd(figures.referredCents)],
    ['Commission pending', formatUsd(figures.pendingCents)],
    ['Commission payable', formatUsd(figures.payableCents)],
    ['Commission paid', formatUsd(figures.paidCents)],
  ];
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title">Your referrals</h2>
      <Stats>
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Stats>
      <ReferralChart days={figures.days} />
      <h3>Attributed orders</h3>
      {figures.referredOrders.length === 0 ? (
        <p>No orders yet. Orders count once their payment is confirmed.</p>
      ) : (
        <TableFrame>
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col" className="money">
                  Subtotal
                </th>
                <th scope="col" className="money">
                  Commission
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {figures.referredOrders.map((order) => (
                <tr key={order.orderNumber}>
                  <td>{order.paidAt.slice(0, 10)}</td>
                  <td>{order.orderNumber}</td>
                  <td className="money">{formatUsd(order.subtotalCents)}</td>
                  <td className="money">{formatUsd(order.commissionCents)}</td>
                  <td>{STATUS_TEXT[order.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
