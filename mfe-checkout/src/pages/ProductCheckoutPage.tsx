import { bus } from '@storefront/bus';
import { computeOrderTotals, type CheckoutProduct } from '@storefront/commerce';
import { Button, useResource } from '@storefront/ui';
import { useDocumentHead, useLocation, useNavigate } from '@storefront/routing';
import { checkoutApi } from '../api';
import { CheckoutFrame, Columns, WithProduct } from '../components/CheckoutFrame';
import { ProductChoice } from '../components/ProductChoice';
import { ShippedOrderColumn } from '../components/ShippedOrderColumn';
import { dedicatedCheckoutAt, type DedicatedCheckout } from '../domain/dedicated-checkouts';
import { useOrderSubmission } from '../domain/use-order-submission';
import { useDoseChoice } from '../domain/use-dose-choice';
import { quantityFrom } from '../domain/vials';
import { useAppliedDiscount } from '../domain/use-applied-discount';
import { checkoutHead, checkoutHeadBuilder } from '../page-head';

const TITLE = 'Research Checkout';
export const head = checkoutHeadBuilder(TITLE);

/** The seven dedicated checkouts (spec section 2), one page driven by DEDICATED_CHECKOUTS. */
export default function ProductCheckoutPage() {
  const { pathname, search } = useLocation();
  const checkout = dedicatedCheckoutAt(pathname)!;
  const product = useResource(checkoutApi.storefrontProduct(checkout.productId));
  useDocumentHead(product.status === 'ready' ? checkoutHead(product.data, TITLE) : undefined);
  const params = new URLSearchParams(search);
  return (
    <WithProduct state={product}>
      {(data) => (
        <DedicatedCheckoutForm
          key={data.id}
          checkout={checkout}
          product={data}
          initialDose={params.get('dosage') ?? checkout.defaultDose}
          initialQuantity={quantityFrom(params.get('quantity'))}
        />
      )}
    </WithProduct>
  );
}

function DedicatedCheckoutForm({
  checkout,
  product,
  initialDose,
  initialQuantity,
}: {
  checkout: DedicatedCheckout;
  product: CheckoutProduct;
  initialDose: string;
  initialQuantity: number;
}) {
  const { dose, quantity, setDoseName, setQuantity } = useDoseChoice(product, initialDose, initialQuantity);
  const { code: affiliateCode, discountRate } = useAppliedDiscount();
  const navigate = useNavigate();
  const { processing, submit } = useOrderSubmission({ failureStyle: 'with-reason' });

  const totals = computeOrderTotals([{ unitPrice: dose.price, quantity }], discountRate);

  const addToCart = () => {
    bus.publish('cart/add', {
      productId: product.id,
      name: product.name,
      variant: dose.dose,
      image: dose.image,
      price: dose.price,
      quantity,
      channel: 'storefront',
    });
    navigate('/cart-checkout');
  };

  return (
    <CheckoutFrame title={TITLE} back={checkout.backTo}>
      <Columns>
        <div>
          <ProductChoice
            product={product}
            dose={dose}
            quantity={quantity}
            onDose={setDoseName}
            onQuantity={setQuantity}
            detailed
          >
            {checkout.offersAddToCart && (
              <Button type="button" $variant="secondary" onClick={addToCart}>
                Add to Cart
              </Button>
            )}
          </ProductChoice>
        </div>
        <ShippedOrderColumn
          totals={totals}
          discountRate={discountRate}
          processing={processing}
          onSubmit={(details) =>
            submit({
              checkout: 'product',
              lines: [{ productId: product.id, dose: dose.dose, quantity, channel: 'storefront' }],
              affiliateCode,
              ...details,
            })
          }
        />
      </Columns>
    </CheckoutFrame>
  );
}
