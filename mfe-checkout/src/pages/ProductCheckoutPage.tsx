import { useState } from 'react';
import { computeOrderTotals } from '@storefront/commerce';
import { dedicatedCheckoutSchema, type DedicatedCheckout } from '@storefront/commerce/catalog';
import { Button, NotFoundPage, useResource } from '@storefront/ui';
import { Link, useDocumentHead, useLocation, useNavigate, useParams } from '@storefront/routing';
import { checkoutApi } from '../api';
import { CheckoutFrame, Columns, WithProduct } from '../components/CheckoutFrame';
import { ProductChoice } from '../components/ProductChoice';
import { ShippedOrderColumn } from '../components/ShippedOrderColumn';
import { useOrderSubmission } from '../domain/use-order-submission';
import { ACTIONS } from '../actions';
import { formDataFields, orderFromForm } from '../order/order-fields';
import { useDoseChoice } from '../domain/use-dose-choice';
import { quantityFrom } from '../domain/vials';
import { addToCartAndWait } from '../cart/add-and-wait';
import { useAppliedDiscount } from '../affiliate/use-applied-discount';
import { checkoutHead, checkoutHeadBuilder } from '../page-head';

const TITLE = 'Research Checkout';
const ORDER_FORM = 'order-form';
export const head = checkoutHeadBuilder(
  TITLE,
  (data) => dedicatedCheckoutSchema.parse(data.checkout).product,
);

/** The dedicated checkouts (spec section 2): one page, each driven by the catalog's settings for its slug. */
export default function ProductCheckoutPage() {
  const { search } = useLocation();
  const { slug = '' } = useParams();
  const checkout = useResource(checkoutApi.dedicatedCheckout(slug));
  useDocumentHead(checkout.status === 'ready' ? checkoutHead(checkout.data.product, TITLE) : undefined);
  const params = new URLSearchParams(search);
  return (
    <WithProduct state={checkout} notFound={<NotFoundPage link={Link} />}>
      {(data) => (
        <DedicatedCheckoutForm
          key={data.slug}
          checkout={data}
          initialDose={params.get('dosage') ?? data.defaultDose}
          initialQuantity={quantityFrom(params.get('quantity'))}
        />
      )}
    </WithProduct>
  );
}

function DedicatedCheckoutForm({
  checkout,
  initialDose,
  initialQuantity,
}: {
  checkout: DedicatedCheckout;
  initialDose: string;
  initialQuantity: number;
}) {
  const { product } = checkout;
  const choice = useDoseChoice(product, initialDose, initialQuantity);
  const { dose, quantity, seed } = choice;
  const { code: affiliateCode, discountRate } = useAppliedDiscount();
  const navigate = useNavigate();
  const { processing, submit } = useOrderSubmission({ failureStyle: 'with-reason' });

  const totals = computeOrderTotals([{ unitPrice: dose.price, quantity }], discountRate);

  const [adding, setAdding] = useState(false);

  const addToCart = (event: React.MouseEvent) => {
    event.preventDefault();
    setAdding(true);
    void addToCartAndWait({
      productId: product.id,
      name: product.name,
      variant: dose.dose,
      image: dose.image,
      price: dose.price,
      quantity,
      channel: 'storefront',
    }).then(() => navigate('/cart-checkout'));
  };

  return (
    <CheckoutFrame title={TITLE} back={checkout.backTo}>
      <Columns>
        <div>
          <ProductChoice product={product} choice={choice} detailed form={ORDER_FORM}>
            {checkout.offersAddToCart && (
              <Button
                type="submit"
                form={ORDER_FORM}
                name="_action"
                value={ACTIONS.cartAdd}
                $variant="secondary"
                disabled={adding}
                onClick={addToCart}
              >
                Add to Cart
              </Button>
            )}
          </ProductChoice>
        </div>
        <ShippedOrderColumn
          formId={ORDER_FORM}
          hiddenFields={{
            checkout: 'product',
            productId: product.id,
            expectedTotal: String(totals.total),
            // For its Add to Cart: the storefront's price list, and on to the cart checkout.
            channel: 'storefront',
            then: 'cart-checkout',
          }}
          onSeed={seed}
          totals={totals}
          discountRate={discountRate}
          processing={processing}
          onSubmit={(fields) =>
            submit(orderFromForm(formDataFields(fields), { affiliateCode, cartLines: [] }))
          }
        />
      </Columns>
    </CheckoutFrame>
  );
}
