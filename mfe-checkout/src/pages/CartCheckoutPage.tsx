import { bus } from '@storefront/bus';
import { ApiError } from '@storefront/commerce/api-client';
import { formatItemCount } from '@storefront/commerce';
import { Badge, Button, Card, useHydrated } from '@storefront/ui';
import { Link, useNavigate } from '@storefront/routing';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { CartLines } from '../cart/CartLines';
import { orderLinesOf, useCartSummary } from '../cart/use-cart-summary';
import { CheckoutFrame, Columns } from '../components/CheckoutFrame';
import { ShippedOrderColumn } from '../components/ShippedOrderColumn';
import { useOrderSubmission } from '../domain/use-order-submission';
import { formDataFields, orderFromForm } from '../order/order-fields';

const Items = styled(Card)`
  display: grid;
  gap: 1rem;
  h2 {
    margin: 0;
    font-size: 1.15rem;
    display: flex;
    gap: 0.6rem;
    align-items: center;
  }
`;

const Pricing = styled(Card)`
  display: grid;
  gap: 0.75rem;
  justify-items: start;
  p {
    margin: 0;
  }
`;

/** The service refused the order because a price moved since the figures on screen were made. */
const pricesMoved = (error: unknown) => error instanceof ApiError && error.status === 409;

const refresh = () => bus.publish('cart/refresh');

const ORDER_FORM = 'order-form';

/**
 * /cart-checkout: the cart's lines, the summary and the same forms as the dedicated checkouts. Every
 * figure is the checkout service's quote for the cart now, and the order is sent with the total shown,
 * so the payment page never charges another amount: if a price moved meanwhile, the service refuses,
 * and the page shows the new figures. The cart is emptied only once the payment page is known, just
 * before the browser leaves for it.
 */
export default function CartCheckoutPage() {
  const { items, count, affiliateCode, quote, problem } = useCartSummary();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const leaving = useRef(false);
  const { processing, submit } = useOrderSubmission({
    failureStyle: 'with-reason',
    beforeRedirect: () => {
      leaving.current = true;
      bus.publish('cart/clear');
    },
    onFailure: (error) => {
      if (pricesMoved(error)) refresh();
    },
  });
  const empty = items.length === 0;

  useEffect(() => {
    if (!empty || leaving.current) return;
    bus.publish('toast/show', {
      title: 'Cart Empty',
      description: 'Please add some products to your cart first.',
      variant: 'destructive',
    });
    navigate('/', { replace: true });
  }, [empty, navigate]);
  // Where no script runs (or before it does) the page says what the toast would, and links home.
  if (empty) {
    return hydrated ? null : (
      <CheckoutFrame title="Research Checkout" back="history">
        <Pricing as="section" aria-label="Your items">
          <p role="alert">
            <strong>Cart Empty</strong> Please add some products to your cart first.
          </p>
          <Button as={Link} to="/">
            Return to Homepage
          </Button>
        </Pricing>
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame title="Research Checkout" back="history">
      <Columns>
        <div>
          <Items as="section" aria-label="Your items">
            <h2>
              Your Items <Badge data-testid="item-count">{formatItemCount(count)}</Badge>
            </h2>
            <CartLines items={items} quote={quote} editable={false} />
          </Items>
        </div>
        <div>
          {(problem || !quote) && (
            <Pricing as="section" aria-label="Prices" aria-busy={!problem}>
              {problem ? (
                <>
                  <p role="alert">{problem}</p>
                  <Button type="button" $variant="secondary" onClick={refresh}>
                    Try again
                  </Button>
                </>
              ) : (
                <p>Checking current prices…</p>
              )}
            </Pricing>
          )}
          {/* Kept once shown, while the cart is priced again, so nothing typed into the form is lost. */}
          {quote && (
            <ShippedOrderColumn
              formId={ORDER_FORM}
              hiddenFields={{ checkout: 'cart', expectedTotal: String(quote.totals.total) }}
              totals={quote.totals}
              discountRate={quote.discountRate}
              processing={processing}
              onSubmit={(fields) =>
                submit(
                  orderFromForm(formDataFields(fields), { affiliateCode, cartLines: orderLinesOf(items) }),
                )
              }
            />
          )}
        </div>
      </Columns>
    </CheckoutFrame>
  );
}
