import { bus, type CartItem } from '@storefront/bus';
import { formatUsd } from '@storefront/commerce';
import { PRICE_LIST_NAMES, type CartQuote } from '@storefront/commerce/checkout';
import { ActionField, Button, ProductPicture, QuantityStepper } from '@storefront/ui';
import { useLocation } from '@storefront/routing';
import { ACTIONS } from '../actions';
import { CART_LINES_FORM, cartLineField, REMOVE_FIELD } from './cart-lines-form';
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
    /* With Update beside the stepper (before any script), Remove goes below rather than off the edge. */
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 0.5rem;
  }
  strong {
    font-variant-numeric: tabular-nums;
  }
  .changed {
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
  .price-list {
    font-size: 0.8rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

const setQuantity = (item: CartItem, quantity: number) =>
  bus.publish('cart/set-quantity', { lineId: item.id, quantity });
const remove = (item: CartItem) => bus.publish('cart/remove', { lineId: item.id });

type QuotedLine = CartQuote['lines'][number];

/** The service's price for a cart line, once quoted: the same product, dose and channel. */
const quotedLineOf = (item: CartItem, quote: CartQuote | null): QuotedLine | undefined =>
  quote?.lines.find(
    (line) =>
      line.productId === item.productId && line.dose === item.variant && line.channel === item.channel,
  );

/**
 * The panel's lines in one form, posted to the page (cart panel open) where no script runs; with a
 * script each control publishes to the bus and the form is never sent.
 */
function LinesForm({ children }: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <form
      id={CART_LINES_FORM}
      method="post"
      action={`${pathname}${search}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <ActionField name={ACTIONS.cartLines} />
      {children}
    </form>
  );
}

interface CartLinesProps {
  items: CartItem[];
  quote: CartQuote | null;
  editable: boolean;
}

/** Whether another line holds the same product and dose: one added from a page with another price list. */
const hasTwinIn = (items: readonly CartItem[], item: CartItem) =>
  items.some(
    (other) => other !== item && other.productId === item.productId && other.variant === item.variant,
  );

/**
 * The cart's lines: picture, name, variant, the price now and the line total; a line whose price has
 * changed since it was added says so, and lines of one product and dose added from pages with
 * different price lists (each a line of its own, at its list's price) say which list each is from. `editable` adds the quantity controls (never
 * below 1 here; Remove takes a line out) that the panel offers, as forms that work without a script.
 * Until the first quote, prices show as '…'.
 */
export function CartLines({ items, quote, editable }: CartLinesProps) {
  const hasTwins = items.some((item) => hasTwinIn(items, item));
  return (
    <>
      {/* Why one vial stands on two lines: each page's price holds for what was added from it. */}
      {hasTwins && (
        <PriceListNote data-testid="price-list-note">
          The same vial added from pages with different prices stays on separate lines, each at the price its
          page showed.
        </PriceListNote>
      )}
      {editable ? (
        <LinesForm>
          <CartLineList items={items} quote={quote} editable />
        </LinesForm>
      ) : (
        <CartLineList items={items} quote={quote} editable={false} />
      )}
    </>
  );
}

const PriceListNote = styled.p`
  margin: 0 0 0.75rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

function CartLineList({ items, quote, editable }: CartLinesProps) {
  return (
    <Lines aria-label="Cart items">
      {items.map((item) => {
        const quoted = quotedLineOf(item, quote);
        const changed = quoted !== undefined && quoted.unitPrice !== item.price;
        const priceList = hasTwinIn(items, item) ? PRICE_LIST_NAMES[item.channel] : null;
        return (
          <li key={item.id} data-testid="cart-line" data-line-id={item.id}>
            <ProductPicture src={item.image} alt="" width={64} height={64} />
            <div>
              <h3>{item.name}</h3>
              <p>
                {item.variant} · {quoted ? formatUsd(quoted.unitPrice) : '…'} each
                {!editable && ` · Qty ${item.quantity}`}
              </p>
              {priceList && (
                <p className="price-list" data-testid="price-list">
                  {priceList}
                </p>
              )}
              {changed && (
                <p className="changed" data-testid="price-changed">
                  Price changed since you added it (was {formatUsd(item.price)})
                </p>
              )}
            </div>
            <strong data-testid="line-total">
              {quoted ? formatUsd(quoted.unitPrice * item.quantity) : '…'}
            </strong>
            {editable && (
              <div className="controls">
                <input type="hidden" name={cartLineField.shown(item.id)} value={item.quantity} />
                <QuantityStepper
                  value={item.quantity}
                  itemName={`${item.name} ${item.variant}`}
                  name={cartLineField.quantity(item.id)}
                  stepName={cartLineField.stepTo(item.id)}
                  stepsSubmit
                  onChange={(quantity) => setQuantity(item, quantity)}
                />
                <Button
                  type="submit"
                  name={REMOVE_FIELD}
                  value={item.id}
                  $variant="ghost"
                  aria-label={`Remove ${item.name} ${item.variant}`}
                  onClick={(event: React.MouseEvent) => {
                    event.preventDefault();
                    remove(item);
                  }}
                >
                  Remove
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </Lines>
  );
}
