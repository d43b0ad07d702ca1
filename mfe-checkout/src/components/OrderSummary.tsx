import { formatDiscountPercent, formatUsd, TAX_RATE_LABEL, type OrderTotals } from '@storefront/commerce';
import { Card } from '@storefront/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Summary = styled(Card)`
  display: grid;
  gap: 0.6rem;
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.15rem;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0.5rem 0;
    margin: 0;
  }
  dt {
    padding-right: 1rem;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .discount {
    color: ${({ theme }) => theme.colors.success};
  }
  .total {
    font-size: 1.25rem;
    font-weight: 800;
    padding-top: 0.6rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const FreeShipping = styled.p`
  margin: 0;
  padding: 0.6rem 0.8rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

/**
 * The subtotal, then the discount only when there is one (spec section 4), as rows of a summary list;
 * the cart panel and the order summary each add their own shipping, tax and total.
 */
export function SubtotalAndDiscount({
  totals,
  discountRate,
  testIdPrefix,
}: {
  totals: OrderTotals;
  discountRate: number;
  testIdPrefix: 'summary' | 'panel';
}) {
  return (
    <>
      <dt>Subtotal</dt>
      <dd data-testid={`${testIdPrefix}-subtotal`}>{formatUsd(totals.subtotal)}</dd>
      {totals.discount > 0 && (
        <>
          <dt className="discount">Discount ({formatDiscountPercent(discountRate)})</dt>
          <dd className="discount" data-testid={`${testIdPrefix}-discount`}>
            -{formatUsd(totals.discount)}
          </dd>
        </>
      )}
    </>
  );
}

/** Spec section 9's arithmetic as the shopper reads it: the discount line only when there is one. */
export function OrderSummary({
  totals,
  discountRate,
  children,
}: {
  totals: OrderTotals;
  discountRate: number;
  children?: ReactNode;
}) {
  return (
    <Summary aria-label="Order summary" as="section">
      <h2>Order Summary</h2>
      {children}
      <dl>
        <SubtotalAndDiscount totals={totals} discountRate={discountRate} testIdPrefix="summary" />
        <dt>Shipping</dt>
        <dd data-testid="summary-shipping">{totals.shipping === 0 ? 'FREE' : formatUsd(totals.shipping)}</dd>
        <dt>Tax ({TAX_RATE_LABEL})</dt>
        <dd data-testid="summary-tax">{formatUsd(totals.tax)}</dd>
        <dt className="total">Total</dt>
        <dd className="total" data-testid="summary-total" data-cents={totals.total}>
          {formatUsd(totals.total)}
        </dd>
      </dl>
      {totals.shipping === 0 && <FreeShipping role="note">Free shipping on this order!</FreeShipping>}
    </Summary>
  );
}
