import { bus, stores, useStore } from '@storefront/bus';
import { formatUsd } from '@storefront/commerce';
import { type ProductPage } from '@storefront/commerce/product';
import {
  AgeDialog,
  Badge,
  Button,
  QuantityStepper,
  ResearchApplications,
  twoColumns,
  useAddedFeedback,
  useFormEcho,
  useFormSeed,
} from '@storefront/ui';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from '@storefront/routing';
import styled from 'styled-components';
import { ADD_TO_CART, BUY_NOW, buyNowHref } from '../actions';

const Panel = styled.div`
  display: grid;
  gap: 1rem;
  align-content: start;
  h1 {
    margin: 0;
    font-size: clamp(1.8rem, 4vw, 2.4rem);
    color: ${({ theme }) => theme.colors.brand};
  }
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
`;

const Price = styled.p`
  font-size: 2rem;
  font-weight: 800;
  color: ${({ theme }) => theme.colors.brand};
  small {
    font-size: 0.95rem;
    font-weight: 500;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const Actions = styled.div`
  ${twoColumns('0.75rem')}
`;

const Warning = styled.p`
  && {
    padding: 0.8rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.warning};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.warningSurface};
    color: ${({ theme }) => theme.colors.warningInk};
    font-weight: 600;
  }
`;

type PurchaseAction = typeof ADD_TO_CART | typeof BUY_NOW;

/**
 * What follows the quantity as it is typed: shown where a script keeps it in step. Where none runs, the
 * button shows no total it could not keep (the checkout it leads to shows the real one).
 */
const ScriptedOnly = styled.span`
  html:not([data-scripted]) & {
    display: none;
  }
`;

/** Whether the server showed the page again to ask the age question before a purchase (no scripts). */
function useAskedForAge(): PurchaseAction | null {
  const adding = useFormEcho(ADD_TO_CART);
  const buying = useFormEcho(BUY_NOW);
  if (adding?.outcome === 'age-required') return ADD_TO_CART;
  if (buying?.outcome === 'age-required') return BUY_NOW;
  return null;
}

/**
 * Title, badges, price, quantity and the two purchase actions, each behind the age check. One form: it
 * adds to the cart (the checkout module's action), or goes on to the checkout, posted to the page where
 * no script runs (the shell asks the age question then, with this same dialog, before either is done).
 */
export function PurchasePanel({ page }: { page: ProductPage }) {
  const { product } = page;
  const { pathname, search } = useLocation();
  const asked = useAskedForAge();
  const echoed = useFormEcho(asked ?? ADD_TO_CART);
  const [quantity, setQuantity] = useState(() => Number(echoed?.values.quantity) || 1);
  const [pending, setPending] = useState<PurchaseAction | null>(asked);
  const ageVerified = useStore(stores.ageVerified);
  const navigate = useNavigate();
  // Added where the server completed the form: the page arrives saying so, as a tap with a script would.
  const addedByServer = useFormEcho(ADD_TO_CART);
  const { added, showAdded } = useAddedFeedback(
    addedByServer?.outcome === 'added' && addedByServer.values.productId === product.id,
  );
  const form = useRef<HTMLFormElement>(null);
  useFormSeed(form, (fields) => setQuantity(Number(fields.get('quantity')) || 1));

  const perform = (action: PurchaseAction, wanted = quantity) => {
    if (action === BUY_NOW) {
      navigate(buyNowHref(product.id, wanted));
      return;
    }
    const accepted = bus.publish('cart/add', {
      productId: product.id,
      name: product.name,
      variant: product.dose,
      image: product.image,
      price: product.price,
      quantity: wanted,
      channel: 'catalogue',
    });
    if (!accepted) {
      console.error('Add to cart was refused', product.id);
      return;
    }
    bus.publish('toast/show', {
      title: 'Added to cart',
      description: `${wanted}x ${product.name} (${product.dose}) added to your cart`,
    });
    showAdded();
  };

  const request = (action: PurchaseAction, wanted: number) =>
    ageVerified ? perform(action, wanted) : setPending(action);
  const fields = {
    productId: product.id,
    dose: product.dose,
    channel: 'catalogue',
    quantity: String(quantity),
    ageGate: 'required',
    ageConfirmed: 'yes',
    wording: 'product-page',
  };

  return (
    <Panel>
      <h1>{product.name}</h1>
      <Row>
        <Badge>{product.category}</Badge>
        <Badge $tone="accent">{product.dose}</Badge>
        {product.inStock && <Badge $tone="success">In Stock</Badge>}
      </Row>
      <p>{page.fullDescription}</p>
      <ResearchApplications applications={page.researchApplications} />
      <Price data-testid="unit-price" data-cents={product.price}>
        {formatUsd(product.price)} <small>per vial</small>
      </Price>
      <form
        ref={form}
        method="post"
        action={`${pathname}${search}`}
        aria-label="Purchase"
        onSubmit={(event) => {
          event.preventDefault();
          // Read from the field: a submit that landed before the page hydrated is replayed before state catches up.
          const wanted = Number(new FormData(event.currentTarget).get('quantity')) || quantity;
          setQuantity(wanted);
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          request(submitter?.getAttribute('value') === BUY_NOW ? BUY_NOW : ADD_TO_CART, wanted);
        }}
      >
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="dose" value={product.dose} />
        <input type="hidden" name="channel" value="catalogue" />
        <input type="hidden" name="ageGate" value="required" />
        {/* Its addition is told in the product page's words (spec section 8). */}
        <input type="hidden" name="wording" value="product-page" />
        <Row>
          <QuantityStepper value={quantity} onChange={setQuantity} name="quantity" />
        </Row>
        <Actions style={{ marginTop: '1rem' }}>
          <Button
            type="submit"
            name="_action"
            value={ADD_TO_CART}
            $variant="secondary"
            data-state={added ? 'added' : undefined}
          >
            {added ? 'Added!' : 'Add to Cart'}
          </Button>
          <Button type="submit" name="_action" value={BUY_NOW} data-cents={product.price * quantity}>
            Buy Now<ScriptedOnly> - {formatUsd(product.price * quantity)}</ScriptedOnly>
          </Button>
        </Actions>
      </form>
      <Warning role="note">FOR RESEARCH USE ONLY. Not for human or veterinary use.</Warning>
      {pending && (
        <AgeDialog
          confirmForm={{ action: `${pathname}${search}`, name: pending, fields }}
          declineHref="/"
          onConfirm={() => {
            bus.publish('age/verified');
            setPending(null);
            perform(pending);
          }}
          onDecline={() => {
            setPending(null);
            navigate('/');
          }}
          onDismiss={() => setPending(null)}
        >
          <p>
            Research compounds are sold only to adults. Please confirm that you are 21 years of age or older.
          </p>
        </AgeDialog>
      )}
    </Panel>
  );
}
