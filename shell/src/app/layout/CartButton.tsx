import { bus, CART_PANEL_PARAMETER, cartItemCount, stores, useStore } from '@storefront/bus';
import { formatItemCount } from '@storefront/commerce';
import { useLocation, withParameter } from '@storefront/routing';
import { ShoppingCart } from 'lucide-react';
import styled from 'styled-components';
import { iconBox } from './icon-box';

const Button = styled.a`
  ${iconBox}
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
`;

const CountBadge = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.accentStrong};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: 0.72rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
`;

/**
 * Opens the cart panel. A link to this page with its cart open (?cart=open), which the server renders
 * where no script runs (or has yet to); the page's script opens the panel in place.
 */
export function CartButton() {
  const count = cartItemCount(useStore(stores.cart));
  const { pathname, search } = useLocation();
  const open = () => bus.publish('cart/open');
  return (
    <Button
      href={`${pathname}${withParameter(search, CART_PANEL_PARAMETER, 'open')}`}
      role="button"
      aria-label={`Open cart, ${formatItemCount(count)}`}
      onClick={(event) => {
        event.preventDefault();
        open();
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        open();
      }}
    >
      <ShoppingCart size={20} aria-hidden="true" />
      {/* Always in the page (hidden while empty), so the first addition makes no new style. */}
      <CountBadge hidden={count === 0} {...(count > 0 ? { 'data-testid': 'cart-count' } : {})}>
        {count}
      </CountBadge>
    </Button>
  );
}
