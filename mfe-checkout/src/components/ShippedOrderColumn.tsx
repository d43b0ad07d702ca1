import { formatUsd, type OrderTotals } from '@storefront/commerce';
import styled from 'styled-components';
import { AffiliateCodeControl } from './AffiliateCodeControl';
import { OrderForm, type OrderFormProps } from './OrderForm';
import { OrderSummary } from './OrderSummary';

/** The same column, with the same gap between its cards, on every checkout. */
const Column = styled.div`
  display: grid;
  gap: 1.25rem;
  min-width: 0;
`;

/**
 * The ordering column of the dedicated and cart checkouts (spec section 2): the summary with the
 * affiliate code control, the researcher and shipping forms, the agreements and 'Complete Order • $total'.
 */
export function ShippedOrderColumn({
  totals,
  discountRate,
  ...form
}: {
  totals: OrderTotals;
  discountRate: number;
} & Omit<OrderFormProps, 'withShipping' | 'submitLabel'>) {
  return (
    <Column>
      <OrderSummary totals={totals} discountRate={discountRate}>
        <AffiliateCodeControl source="checkout" orderForm={form.formId} />
      </OrderSummary>
      <OrderForm withShipping submitLabel={`Complete Order • ${formatUsd(totals.total)}`} {...form} />
    </Column>
  );
}
