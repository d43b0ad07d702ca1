import { formatItemCount, formatUsd } from '@storefront/commerce';
import { accountOrdersSchema, formatOrderDate, type AccountOrders } from '@storefront/commerce/checkout';
import { Link, useLocation } from '@storefront/routing';
import { Muted } from '@storefront/ui';
import styled from 'styled-components';
import { accountOrdersApi, accountOrdersUrl } from './account-orders-api';
import { AccountPage, OrderState } from './AccountFrame';
import { useAccountRead } from './use-account-read';

const Orders = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const OrderRow = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.35rem 1rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  a {
    font-weight: 700;
    font-size: 1.05rem;
  }
  .total {
    font-weight: 700;
    text-align: right;
  }
  .items {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const Pages = styled.nav`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
`;

/** The page asked for (?page=), from 1; anything else is the first. */
function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

function OrderList({ orders, page, pages }: AccountOrders) {
  if (orders.length === 0)
    return page === 1 ? (
      <p>
        You have no orders yet. <Link to="/catalog">Browse the catalogue</Link>.
      </p>
    ) : (
      <p>
        There are no orders on this page. <Link to="/account">Your latest orders</Link>.
      </p>
    );
  return (
    <>
      <Orders>
        {orders.map((order) => {
          const vials = order.lines.reduce((sum, line) => sum + line.quantity, 0);
          return (
            <OrderRow key={order.orderNumber}>
              <Link to={`/account/orders/${order.orderNumber}`}>{order.orderNumber}</Link>
              <span className="total">{formatUsd(order.total)}</span>
              <span>
                {formatOrderDate(order.placedAt)} · <OrderState state={order.state} />
              </span>
              <span className="items">
                {formatItemCount(vials)}:{' '}
                {order.lines.map((line) => `${line.name} ${line.dose} × ${line.quantity}`).join(', ')}
              </span>
            </OrderRow>
          );
        })}
      </Orders>
      {pages > 1 && (
        <Pages aria-label="Pages of your orders">
          {page > 1 ? <Link to={`/account?page=${page - 1}`}>Newer orders</Link> : <span />}
          <Muted>
            Page {page} of {pages}
          </Muted>
          {page < pages ? <Link to={`/account?page=${page + 1}`}>Older orders</Link> : <span />}
        </Pages>
      )}
    </>
  );
}

/**
 * /account: the signed-in researcher's orders, newest first, ten to a page: number, date, state, what
 * was bought and the total, each leading to the order's own page.
 */
export default function AccountOrdersPage() {
  const page = pageOf(useLocation().search);
  const read = useAccountRead(accountOrdersUrl(page), accountOrdersSchema, (token) =>
    accountOrdersApi.orders(token, page),
  );
  return (
    <AccountPage title="Your Orders" read={read}>
      {() => read.status === 'ready' && <OrderList {...read.data} />}
    </AccountPage>
  );
}
