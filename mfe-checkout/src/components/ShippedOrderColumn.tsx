import { formatUsd, type OrderTotals } from '@storefront/commerce';
import { AffiliateCodeControl } from './AffiliateCodeControl';
import { OrderForm, type OrderFormProps } from './OrderForm';
import { OrderSummary } from './OrderSummary';

/**
 * The ordering column of the dedicated and cart checkouts (spec section 2): the summary with the
 * affiliate code control, the researcher and shipping forms, the agreements and 'Complete Order • $total'.
 */
export function ShippedOrderColumn({
  totals,
  discountRate,
  processing,
  onSubmit,
}: {
  totals: OrderTotals;
  discountRate: number;
} & Pick<OrderFormProps, 'processing' | 'onSubmit'>) {
  return (
    <div>
      <OrderSummary totals={totals} discountRate={discountRate}>
        <AffiliateCodeControl source="checkout" />
      </OrderSummary>
      <OrderForm
        withShipping
        processing={processing}
        submitLabel={`Complete Order • ${formatUsd(totals.total)}`}
        onSubmit={onSubmit}
      />
    </div>
  );
}
