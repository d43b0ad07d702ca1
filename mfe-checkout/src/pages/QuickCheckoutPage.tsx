import {
  checkoutProductSchema,
  genericCheckoutChannel,
  type CheckoutProduct,
} from '@storefront/commerce/catalog';
import { computeOrderTotals, formatUsd } from '@storefront/commerce';
import { queryParameter, useDocumentHead, useLocation } from '@storefront/routing';
import { Card, useResource } from '@storefront/ui';
import styled from 'styled-components';
import { checkoutApi } from '../api';
import { CheckoutFrame, Columns, WithProduct } from '../components/CheckoutFrame';
import { OrderForm } from '../components/OrderForm';
import { OrderSummary } from '../components/OrderSummary';
import { ProductChoice } from '../components/ProductChoice';
import { useOrderSubmission } from '../domain/use-order-submission';
import { formDataFields, orderFromForm } from '../order/order-fields';
import { useDoseChoice } from '../domain/use-dose-choice';
import { quantityFrom } from '../domain/vials';
import { checkoutHead, checkoutHeadBuilder } from '../page-head';

const TITLE = 'Secure Checkout';
const ORDER_FORM = 'order-form';
export const head = checkoutHeadBuilder(TITLE, (data) => checkoutProductSchema.parse(data.product));

const Tiles = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
`;

const Tile = styled(Card)`
  text-align: center;
  padding: 1rem;
  strong {
    display: block;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.brand};
  }
  span {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

/**
 * The generic checkout (spec section 2): ?peptideId (retatrutide), ?dosage (10mg), ?quantity (1), and
 * ?channel=catalogue where a product page's Buy Now leads, to charge the price its button showed.
 */
export default function QuickCheckoutPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const product = useResource(
    checkoutApi.quickCheckoutProduct(
      queryParameter(search, 'peptideId', 'retatrutide'),
      genericCheckoutChannel(params.get('channel')),
    ),
  );
  useDocumentHead(product.status === 'ready' ? checkoutHead(product.data, TITLE) : undefined);
  return (
    <WithProduct state={product}>
      {(data) => (
        <QuickCheckoutForm
          key={data.id}
          product={data}
          initialDose={params.get('dosage') ?? '10mg'}
          initialQuantity={quantityFrom(params.get('quantity'))}
        />
      )}
    </WithProduct>
  );
}

function QuickCheckoutForm({
  product,
  initialDose,
  initialQuantity,
}: {
  product: CheckoutProduct;
  initialDose: string;
  initialQuantity: number;
}) {
  const choice = useDoseChoice(product, initialDose, initialQuantity);
  const { dose, quantity, seed } = choice;
  const { processing, submit } = useOrderSubmission({ failureStyle: 'plain' });
  const totals = computeOrderTotals([{ unitPrice: dose.price, quantity }]);

  return (
    <CheckoutFrame title={TITLE} back="history">
      <Columns>
        <div>
          <ProductChoice product={product} choice={choice} detailed={false} form={ORDER_FORM} />
          <Tiles>
            <Tile>
              <strong>Secure</strong>
              <span>SSL Encrypted (256-bit)</span>
            </Tile>
            <Tile>
              <strong>5-7 Days</strong>
              <span>Shipping</span>
            </Tile>
          </Tiles>
        </div>
        <div>
          <OrderSummary totals={totals} discountRate={0} />
          <OrderForm
            formId={ORDER_FORM}
            hiddenFields={{
              checkout: 'quick',
              productId: product.id,
              channel: product.channel,
              expectedTotal: String(totals.total),
            }}
            onSeed={seed}
            withShipping={false}
            processing={processing}
            submitLabel={`Complete Research Order • ${formatUsd(totals.total)}`}
            onSubmit={(fields) => submit(orderFromForm(formDataFields(fields), { cartLines: [] }))}
          />
        </div>
      </Columns>
    </CheckoutFrame>
  );
}
