import { bus, stores, useStore } from '@storefront/bus';
import { formatUsd, type ProductPage } from '@storefront/commerce';
import { AgeDialog, Badge, Button, QuantityStepper, TagList, useAddedFeedback } from '@storefront/ui';
import { useState } from 'react';
import { useNavigate } from '@storefront/routing';
import styled from 'styled-components';

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
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

const Warning = styled.p`
  && {
    padding: 0.8rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.warning};
    border-radius: ${({ theme }) => theme.radii.md};
    background: #fff7ed;
    color: #7c2d12;
    font-weight: 600;
  }
`;

type PurchaseAction = 'add-to-cart' | 'buy-now';

/** Title, badges, price, quantity and the two purchase actions, each behind the age check. */
export function PurchasePanel({ page }: { page: ProductPage }) {
  const { product } = page;
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState<PurchaseAction | null>(null);
  const ageVerified = useStore(stores.ageVerified);
  const navigate = useNavigate();
  const { added, showAdded } = useAddedFeedback();

  const perform = (action: PurchaseAction) => {
    if (action === 'buy-now') {
      navigate(`/checkout?peptideId=${encodeURIComponent(product.id)}&quantity=${quantity}`);
      return;
    }
    const added = bus.publish('cart/add', {
      productId: product.id,
      name: product.name,
      variant: product.dose,
      image: product.image,
      price: product.price,
      quantity,
      channel: 'catalogue',
    });
    if (!added) {
      console.error('Add to cart was refused', product.id);
      return;
    }
    bus.publish('toast/show', {
      title: 'Added to cart',
      description: `${quantity}x ${product.name} (${product.dose}) added to your cart`,
    });
    showAdded();
  };

  const request = (action: PurchaseAction) => (ageVerified ? perform(action) : setPending(action));

  return (
    <Panel>
      <h1>{product.name}</h1>
      <Row>
        <Badge>{product.category}</Badge>
        <Badge $tone="accent">{product.dose}</Badge>
        {product.inStock && <Badge $tone="success">In Stock</Badge>}
      </Row>
      <p>{page.fullDescription}</p>
      <TagList aria-label="Research applications">
        {page.researchApplications.map((application) => (
          <li key={application}>{application}</li>
        ))}
      </TagList>
      <Price data-testid="unit-price" data-cents={product.price}>
        {formatUsd(product.price)} <small>per vial</small>
      </Price>
      <Row>
        <QuantityStepper value={quantity} onChange={setQuantity} />
      </Row>
      <Actions>
        <Button
          type="button"
          $variant={added ? 'success' : 'secondary'}
          onClick={() => request('add-to-cart')}
        >
          {added ? 'Added!' : 'Add to Cart'}
        </Button>
        <Button type="button" onClick={() => request('buy-now')} data-cents={product.price * quantity}>
          Buy Now - {formatUsd(product.price * quantity)}
        </Button>
      </Actions>
      <Warning role="note">FOR RESEARCH USE ONLY. Not for human or veterinary use.</Warning>
      {pending && (
        <AgeDialog
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
