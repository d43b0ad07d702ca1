import { stores, setCartQuantity, removeFromCart, type CartItem } from '@storefront/bus';
import { formatUsd } from '@storefront/commerce';
import { Button, ProductPicture, QuantityStepper } from '@storefront/ui';
import styled from 'styled-components';

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  li {
    display: grid;
    grid-template-columns: 64px 1fr auto;
    gap: 0.75rem;
    align-items: center;
    padding: 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  img,
  svg {
    width: 64px;
    height: 64px;
    object-fit: contain;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0.15rem 0 0;
    color: ${({ theme }) => theme.colors.inkMuted};
    font-size: 0.9rem;
  }
  .controls {
    grid-column: 1 / -1;
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 0.5rem;
  }
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

const setQuantity = (item: CartItem, quantity: number) =>
  stores.cart.update((cart) => setCartQuantity(cart, item.id, quantity));
const remove = (item: CartItem) => stores.cart.update((cart) => removeFromCart(cart, item.id));

/**
 * The cart's lines: picture, name, variant and line total; `editable` adds the quantity controls (never
 * below 1 here; Remove takes a line out) that the panel offers.
 */
export function CartLines({ items, editable }: { items: CartItem[]; editable: boolean }) {
  return (
    <Lines aria-label="Cart items">
      {items.map((item) => (
        <li key={item.id} data-testid="cart-line" data-line-id={item.id}>
          <ProductPicture src={item.image} alt="" width={64} height={64} />
          <div>
            <h3>{item.name}</h3>
            <p>
              {item.variant} · {formatUsd(item.price)} each
              {!editable && ` · Qty ${item.quantity}`}
            </p>
          </div>
          <strong data-testid="line-total">{formatUsd(item.price * item.quantity)}</strong>
          {editable && (
            <div className="controls">
              <QuantityStepper
                value={item.quantity}
                itemName={`${item.name} ${item.variant}`}
                onChange={(quantity) => setQuantity(item, quantity)}
              />
              <Button
                type="button"
                $variant="ghost"
                aria-label={`Remove ${item.name} ${item.variant}`}
                onClick={() => remove(item)}
              >
                Remove
              </Button>
            </div>
          )}
        </li>
      ))}
    </Lines>
  );
}
