import { Button } from '@storefront/ui';
import { Link } from '@storefront/routing';
import { GoBackButton } from '../components/GoBackButton';
import { ResultCard } from '../components/ResultCard';

/** /cancel (spec section 2): nothing was charged; back home, or back to the payment page. */
export default function CancelPage() {
  return (
    <ResultCard>
      <h1>Payment Cancelled</h1>
      <p>Your payment was cancelled. No charges were made to your card.</p>
      <div>
        <h2>Need help?</h2>
        <ul>
          <li>Check that your card details and billing address are correct.</li>
          <li>Try a different card or payment method.</li>
          <li>Contact our support team if the problem continues.</li>
        </ul>
      </div>
      <div className="actions">
        <Button as={Link} to="/" $variant="secondary">
          Back to Homepage
        </Button>
        <GoBackButton to="history">Try Again</GoBackButton>
      </div>
    </ResultCard>
  );
}
