import { bus, cartItemCount, stores, useStore } from '@storefront/bus';
import { computeOrderTotals, formatDiscountPercent, formatUsd } from '@storefront/commerce';
import { Button, Muted } from '@storefront/ui';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AffiliateCodeControl } from '../components/AffiliateCodeControl';
import { CartLines } from './CartLines';
import { useAppliedDiscount } from '../domain/use-applied-discount';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0;
    font-size: 1.25rem;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 1rem 1.25rem;
`;

const Footer = styled.footer`
  display: grid;
  gap: 0.75rem;
  padding: 1rem 1.25rem 1.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0.35rem 1rem;
    margin: 0;
  }
  dd {
    margin: 0;
    text-align: right;
  }
  .discount {
    color: ${({ theme }) => theme.colors.success};
  }
  .total {
    font-weight: 800;
    font-size: 1.15rem;
  }
`;

const close = () => bus.publish('cart/close');

/**
 * The cart panel's content (the shell provides the sliding drawer): lines with quantity controls, the
 * affiliate control, the subtotal, a discount line only above 0, shipping and tax 'Calculated at
 * checkout', and the way to /cart-checkout.
 */
export default function CartPanel() {
  const cart = useStore(stores.cart);
  const { discountRate } = useAppliedDiscount();
  const navigate = useNavigate();
  const count = cartItemCount(cart);
  const totals = computeOrderTotals(
    cart.items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
    discountRate,
  );

  return (
    <>
      <Header>
        <h2>
          Shopping Cart{' '}
          <Muted as="span">
            ({count} {count === 1 ? 'item' : 'items'})
          </Muted>
        </h2>
        <Button type="button" $variant="ghost" aria-label="Close cart" onClick={close}>
          ✕
        </Button>
      </Header>
      <Body>
        {cart.items.length === 0 ? (
          <>
            <p>Your cart is empty.</p>
            <Button type="button" $variant="secondary" onClick={close}>
              Continue Shopping
            </Button>
          </>
        ) : (
          <CartLines items={cart.items} editable />
        )}
      </Body>
      {cart.items.length > 0 && (
        <Footer>
          <AffiliateCodeControl source="cart-panel" />
          <dl aria-label="Cart summary">
            <dt>Subtotal</dt>
            <dd data-testid="panel-subtotal">{formatUsd(totals.subtotal)}</dd>
            {totals.discount > 0 && (
              <>
                <dt className="discount">Discount ({formatDiscountPercent(discountRate)})</dt>
                <dd className="discount" data-testid="panel-discount">
                  -{formatUsd(totals.discount)}
                </dd>
              </>
            )}
            <dt>Shipping</dt>
            <dd>Calculated at checkout</dd>
            <dt>Tax</dt>
            <dd>Calculated at checkout</dd>
            <dt className="total">Total</dt>
            <dd className="total" data-testid="panel-total">
              {formatUsd(totals.discountedSubtotal)}
            </dd>
          </dl>
          <Button
            type="button"
            $block
            onClick={() => {
              close();
              navigate('/cart-checkout');
            }}
          >
            Proceed to Checkout
          </Button>
        </Footer>
      )}
    </>
  );
}
