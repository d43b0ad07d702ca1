import { formatUsd } from '@storefront/commerce';
import {
  accountOrderSchema,
  formatOrderDate,
  orderCharges,
  type AccountOrder,
} from '@storefront/commerce/checkout';
import { Link, useParams } from '@storefront/routing';
import styled from 'styled-components';
import { accountOrderUrl, accountOrdersApi } from './account-orders-api';
import { AccountPage, OrderState } from './AccountFrame';
import { InvoiceLink } from './InvoiceLink';
import { OrderAgain } from './OrderAgain';
import { useAccountRead } from './use-account-read';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1.25rem;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 0.55rem 0.4rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  .amount {
    text-align: right;
    white-space: nowrap;
  }
  tfoot th {
    font-weight: 500;
    text-align: right;
  }
  tfoot tr:last-child th,
  tfoot tr:last-child td {
    font-weight: 700;
  }
`;

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.5rem;
`;

function OrderDetails({ order }: { order: AccountOrder }) {
  const { totals, customer, shipping } = order;
  return (
    <>
      <Facts>
        <dt>Status</dt>
        <dd>
          <OrderState state={order.state} />
        </dd>
        <dt>Placed</dt>
        <dd>{formatOrderDate(order.placedAt)}</dd>
        {order.paidAt && (
          <>
            <dt>Paid</dt>
            <dd>{formatOrderDate(order.paidAt)}</dd>
          </>
        )}
        {order.refunded > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{formatUsd(order.refunded)}</dd>
          </>
        )}
        <dt>Buyer</dt>
        <dd>
          {customer.firstName} {customer.lastName}, {customer.email}
        </dd>
        {shipping && (
          <>
            <dt>Shipped to</dt>
            <dd>
              {shipping.address}, {shipping.city}, {shipping.state} {shipping.zipCode}, {shipping.country}
            </dd>
          </>
        )}
      </Facts>
      <h2>Items</h2>
      <Lines>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col" className="amount">
              Price
            </th>
            <th scope="col" className="amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productId}-${line.dose}-${line.sku}`}>
              <td>
                {line.name} {line.dose}
                <br />
                <small>SKU {line.sku}</small>
              </td>
              <td>{line.quantity}</td>
              <td className="amount">{formatUsd(line.unitPrice)}</td>
              <td className="amount">{formatUsd(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {orderCharges(order).map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" colSpan={3}>
                {label}
              </th>
              <td className="amount">{amount}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="amount" data-testid="order-total">
              {formatUsd(totals.total)}
            </td>
          </tr>
        </tfoot>
      </Lines>
      <OrderAgain orderNumber={order.orderNumber} />
      <Actions>
        <InvoiceLink orderNumber={order.orderNumber} />
        <Link to="/account">Back to your orders</Link>
      </Actions>
    </>
  );
}

/**
 * /account/orders/{number}: one of the signed-in researcher's orders, whole, with its invoice. Another
 * account's order reads as one that does not exist.
 */
export default function AccountOrderPage() {
  const orderNumber = (useParams().orderNumber ?? '').toUpperCase();
  const read = useAccountRead(accountOrderUrl(orderNumber), accountOrderSchema, (token) =>
    accountOrdersApi.order(token, orderNumber),
  );
  return (
    <AccountPage
      title={`Order ${orderNumber}`}
      read={read}
      notFound={
        <>
          <h1 id="account-title">Order not found</h1>
          <p>
            There is no order {orderNumber} in your account. <Link to="/account">See your orders</Link>.
          </p>
        </>
      }
    >
      {() => read.status === 'ready' && <OrderDetails order={read.data} />}
    </AccountPage>
  );
}
