import { bus, CART_PANEL_PARAMETER } from '@storefront/bus';
import { formatItemCount, formatUsd } from '@storefront/commerce';
import { Button, CloseMark, media, Muted } from '@storefront/ui';
import { useLocation, useNavigate, withParameter } from '@storefront/routing';
import { useEffect } from 'react';
import styled from 'styled-components';
import { AffiliateCodeControl } from '../components/AffiliateCodeControl';
import { SubtotalAndDiscount } from '../components/OrderSummary';
import { CartLines } from './CartLines';
import { CART_LINES_FORM, THEN_CHECKOUT, THEN_FIELD } from './cart-lines-form';
import { useCartSummary } from './use-cart-summary';

/** The drawer scrolls as a whole; its title and close stay at its top, its total and Proceed at its foot. */
const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${({ theme }) => theme.colors.surface};
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
  padding: 1rem 1.25rem;
`;

const Code = styled.div`
  padding: 1rem 1.25rem 0.25rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * Always in reach, however long the cart: the summary and Proceed stay at the panel's foot, and on a
 * screen too short to keep them there and still show a line (a phone held sideways) they end the
 * panel's own scroll instead.
 */
const Footer = styled.footer`
  position: sticky;
  bottom: 0;
  ${media.short} {
    position: static;
  }
  display: grid;
  gap: 0.75rem;
  padding: 0.75rem 1.25rem 1.25rem;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 -6px 12px -8px rgba(15, 23, 42, 0.25);
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
  [role='alert'] {
    margin: 0;
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const close = () => bus.publish('cart/close');

/** Closes the panel; where no script runs, a link to the page without it. */
function closeLink(href: string) {
  return {
    as: 'a' as const,
    href,
    onClick: (event: React.MouseEvent) => {
      event.preventDefault();
      close();
    },
  };
}

/**
 * The cart panel's content (the shell provides the sliding drawer): lines with quantity controls, the
 * affiliate control, the subtotal, a discount line only above 0, shipping and tax 'Calculated at
 * checkout', and the way to /cart-checkout. Rendered by the server too, for a page asked for with its
 * cart open (?cart=open), where every control is a form or a link.
 */
export default function CartPanel() {
  const { items, count, quote, pricing, problem } = useCartSummary();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const pageWithoutPanel = `${pathname}${withParameter(search, CART_PANEL_PARAMETER, null)}`;
  // Each time the panel opens, the cart is priced again: a price changed since shows at once, marked.
  useEffect(() => {
    bus.publish('cart/refresh');
  }, []);

  return (
    <>
      <Header>
        <h2>
          Shopping Cart <Muted as="span">({formatItemCount(count)})</Muted>
        </h2>
        <Button $variant="ghost" aria-label="Close cart" role="button" {...closeLink(pageWithoutPanel)}>
          <CloseMark />
        </Button>
      </Header>
      <Body>
        {items.length === 0 ? (
          <>
            <p>Your cart is empty.</p>
            <Button $variant="secondary" {...closeLink(pageWithoutPanel)}>
              Continue Shopping
            </Button>
          </>
        ) : (
          <CartLines items={items} quote={quote} editable />
        )}
      </Body>
      {items.length > 0 && (
        <Code>
          <AffiliateCodeControl source="cart-panel" />
        </Code>
      )}
      {items.length > 0 && (
        <Footer>
          {problem ? (
            <p role="alert">{problem}</p>
          ) : (
            <dl aria-label="Cart summary" aria-busy={pricing}>
              {quote ? (
                <SubtotalAndDiscount
                  totals={quote.totals}
                  discountRate={quote.discountRate}
                  testIdPrefix="panel"
                />
              ) : (
                <>
                  <dt>Subtotal</dt>
                  <dd data-testid="panel-subtotal">…</dd>
                </>
              )}
              <dt>Shipping</dt>
              <dd>Calculated at checkout</dd>
              <dt>Tax</dt>
              <dd>Calculated at checkout</dd>
              <dt className="total">Total</dt>
              <dd className="total" data-testid="panel-total">
                {quote ? formatUsd(quote.totals.discountedSubtotal) : '…'}
              </dd>
            </dl>
          )}
          {/* The lines' form's own button: what was typed in any line goes with it where no script runs. */}
          <Button
            type="submit"
            form={CART_LINES_FORM}
            name={THEN_FIELD}
            value={THEN_CHECKOUT}
            $block
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
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
