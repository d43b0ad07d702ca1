import { bus, stores } from '@storefront/bus';
import { formatItemCount, type SalesChannel } from '@storefront/commerce';
import { Badge, Card } from '@storefront/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@storefront/routing';
import styled from 'styled-components';
import { CartLines } from '../cart/CartLines';
import { useCartSummary } from '../cart/use-cart-summary';
import { CheckoutFrame, Columns } from '../components/CheckoutFrame';
import { ShippedOrderColumn } from '../components/ShippedOrderColumn';
import { useOrderSubmission } from '../domain/use-order-submission';

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

/**
 * /cart-checkout: the cart's lines, the summary and the same forms as the dedicated checkouts. Each line
 * is priced by the checkout service from the channel it was added from. The cart is emptied only once
 * the payment page is known, just before the browser leaves for it.
 */
export default function CartCheckoutPage() {
  const { items, count, totals, affiliateCode, discountRate } = useCartSummary();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const { processing, submit } = useOrderSubmission({
    failureStyle: 'with-reason',
    beforeRedirect: () => {
      leaving.current = true;
      stores.cart.set({ items: [] });
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
  if (empty) return null;

  return (
    <CheckoutFrame title="Research Checkout" back="history">
      <Columns>
        <div>
          <Items as="section" aria-label="Your items">
            <h2>
              Your Items <Badge data-testid="item-count">{formatItemCount(count)}</Badge>
            </h2>
            <CartLines items={items} editable={false} />
          </Items>
        </div>
        <ShippedOrderColumn
          totals={totals}
          discountRate={discountRate}
          processing={processing}
          onSubmit={(details) =>
            submit({
              checkout: 'cart',
              lines: items.map((item) => ({
                productId: item.productId,
                dose: item.variant,
                quantity: item.quantity,
                // The bus only knows channel names as text; the checkout service refuses one it does not sell in.
                channel: item.channel as SalesChannel,
              })),
              affiliateCode,
              ...details,
            })
          }
        />
      </Columns>
    </CheckoutFrame>
  );
}
