import { bus, cartItemCount, stores, useStore } from '@storefront/bus';
import { formatItemCount } from '@storefront/commerce';
import styled from 'styled-components';
import { iconBox } from './icon-box';

const Button = styled.button`
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
  color: #fff;
  font-size: 0.72rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
`;

export function CartButton() {
  const count = cartItemCount(useStore(stores.cart));
  return (
    <Button
      type="button"
      aria-label={`Open cart, ${formatItemCount(count)}`}
      onClick={() => bus.publish('cart/open')}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.8a2 2 0 0 0 2-1.5L22 7H6" />
        <circle cx="10" cy="20.5" r="1.3" />
        <circle cx="18" cy="20.5" r="1.3" />
      </svg>
      {count > 0 && <CountBadge data-testid="cart-count">{count}</CountBadge>}
    </Button>
  );
}
