import { Badge, Button, Muted, Spinner } from '@storefront/ui';
import { Link, useLocation } from '@storefront/routing';
import { ResultCard } from '../components/ResultCard';
import { orderNumberOf } from '../domain/order-number';
import { useOrderStatus } from '../domain/use-order-status';

/** /success?session_id=… (spec section 2), with the order's live payment status from the service. */
export default function SuccessPage() {
  const sessionId = new URLSearchParams(useLocation().search).get('session_id');
  const status = useOrderStatus(sessionId);
  return (
    <ResultCard>
      <Badge $tone="success">Payment Successful</Badge>
      <h1>Order Confirmed</h1>
      {sessionId && (
        <p>
          Order Number: <strong data-testid="order-number">{orderNumberOf(sessionId)}</strong>
        </p>
      )}
      {sessionId && (
        <p role="status" data-testid="payment-status" data-status={status ?? 'unknown'}>
          {status === 'paid' ? (
            'Payment confirmed'
          ) : status === 'not_found' ? (
            'We cannot find this order. If you were charged, please contact support with the order number.'
          ) : (
            <>
              <Spinner /> Confirming your payment…
            </>
          )}
        </p>
      )}
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
