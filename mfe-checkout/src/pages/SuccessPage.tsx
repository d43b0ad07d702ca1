import { Badge, Button, Muted, Spinner, useHydrated } from '@storefront/ui';
import { Link, useLocation } from '@storefront/routing';
import styled from 'styled-components';
import { ResultCard } from '../components/ResultCard';
import { useOrderStatus, type LiveStatus } from '../domain/use-order-status';

/** Whatever the link carried, shown whole: it may be long and without spaces. */
const Reference = styled.strong`
  overflow-wrap: anywhere;
`;

/**
 * /success?session_id=… (spec section 2). The spec's page (Payment Successful, Order Confirmed) only
 * for an order the checkout service knows, pending or paid; a neutral check while its answer is awaited
 * (or the service cannot be reached), and an honest 'not found' for an unknown or missing id.
 */
export default function SuccessPage() {
  const sessionId = new URLSearchParams(useLocation().search).get('session_id');
  const status = useOrderStatus(sessionId);
  if (!sessionId || status === 'not_found') return <OrderNotFound sessionId={sessionId} />;
  if (status === null) return <CheckingOrder />;
  return <OrderConfirmed order={status} />;
}

/**
 * What is still awaited: with a script the page asks again by itself (a spinner says so); without
 * one, a link asks again.
 */
function Awaited({ children }: { children: string }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  return hydrated ? (
    <>
      <Spinner /> {children}
    </>
  ) : (
    <>
      {children} <a href={`${pathname}${search}`}>Check again</a>
    </>
  );
}

function CheckingOrder() {
  return (
    <ResultCard>
      <h1>Checking your order</h1>
      <p role="status" data-testid="payment-status" data-status="unknown">
        <Awaited>Looking up your order…</Awaited>
      </p>
    </ResultCard>
  );
}

function OrderNotFound({ sessionId }: { sessionId: string | null }) {
  return (
    <ResultCard>
      <h1>Order not found</h1>
      {sessionId && (
        <p>
          Reference: <Reference data-testid="order-reference">{sessionId}</Reference>
        </p>
      )}
      <p role="status" data-testid="payment-status" data-status="not_found">
        {sessionId
          ? 'We cannot find this order. If you were charged, please contact support with this reference.'
          : // No reference to quote: the link came without the order's id (copied short, typed by hand).
            'This link does not name an order. If you were charged, please contact support with the email address you ordered with.'}
      </p>
      <Button as={Link} to="/">
        Return to Homepage
      </Button>
    </ResultCard>
  );
}

function OrderConfirmed({ order: { orderNumber, status } }: { order: Exclude<LiveStatus, 'not_found'> }) {
  return (
    <ResultCard>
      <Badge $tone="success">Payment Successful</Badge>
      <h1>Order Confirmed</h1>
      <p>
        Order Number: <strong data-testid="order-number">{orderNumber}</strong>
      </p>
      <p role="status" data-testid="payment-status" data-status={status}>
        {status === 'paid' ? 'Payment confirmed' : <Awaited>Confirming your payment…</Awaited>}
      </p>
      <p>Estimated delivery: 5-7 business days</p>
      <div>
        <h2>What&apos;s Next?</h2>
        <ul>
          <li>You will receive an email confirmation with tracking information within 24 hours.</li>
          <li>Your research compounds will be carefully prepared and shipped.</li>
        </ul>
      </div>
      <Button as={Link} to="/">
        Return to Homepage
      </Button>
      <Muted>All products are for research use only. Not for human consumption.</Muted>
    </ResultCard>
  );
}
