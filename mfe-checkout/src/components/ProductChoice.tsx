import { formatUsd, skuLabel } from '@storefront/commerce';
import { type CheckoutProduct } from '@storefront/commerce/catalog';
import { Badge, Button, Card, ChoiceGroup, QuantityStepper, ResearchApplications } from '@storefront/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ACTIONS } from '../actions';
import type { DoseChoice } from '../domain/use-dose-choice';
import { CheckoutPicture } from './CheckoutPicture';

const Panel = styled(Card)`
  display: grid;
  gap: 1rem;
  justify-items: start;
  h2 {
    margin: 0;
    font-size: 1.6rem;
    color: ${({ theme }) => theme.colors.brand};
  }
  p {
    margin: 0;
  }
  h3 {
    margin: 0 0 0.75rem;
    font-size: 1rem;
  }
  & > div {
    width: 100%;
  }
`;

/**
 * The order form's default button, first in the page (a button outside a form that belongs to it still
 * counts in the page's order): Enter in any field sends the order, never another of the form's buttons
 * that stands before it here (Add to Cart, Update total).
 */
const DefaultSubmit = styled.button`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  border: 0;
  padding: 0;
`;

/** Where no script keeps the figures in step, the vial and quantity chosen are priced by asking again. */
const UpdateTotal = styled(Button)`
  html[data-hydrated] & {
    display: none;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export interface ProductChoiceProps {
  product: CheckoutProduct;
  choice: Pick<DoseChoice, 'dose' | 'quantity' | 'setDoseName' | 'setQuantity'>;
  /** The dedicated pages describe the product; the generic one shows the picture and the choice only. */
  detailed: boolean;
  /** The order form the vial and quantity are sent with (it stands in the other column). */
  form: string;
  children?: ReactNode;
}

/** The product being bought: picture, facts, badges, vial amount and quantity. */
export function ProductChoice({
  product,
  choice: { dose, quantity, setDoseName, setQuantity },
  detailed,
  form,
  children,
}: ProductChoiceProps) {
  return (
    <Panel as="section" aria-label="Product">
      <DefaultSubmit
        type="submit"
        form={form}
        name="_action"
        value={ACTIONS.order}
        tabIndex={-1}
        aria-hidden
      />
      <CheckoutPicture src={dose.image} alt={`${product.name} ${dose.dose} vial`} />
      <h2>{product.name}</h2>
      {detailed && <p>{product.description}</p>}
      {detailed && (
        <>
          <h3>Research Applications</h3>
          <ResearchApplications applications={product.applications} />
        </>
      )}
      <Badges>
        <Badge $tone="success">{detailed ? product.purity : `${dose.purity}%`} Purity</Badge>
        <Badge>SKU: {skuLabel(product.sku, dose.dose)}</Badge>
        {detailed && <Badge $tone="accent">Tested</Badge>}
      </Badges>
      <div>
        <h3 id="vial-size-label">Vial Size</h3>
        <ChoiceGroup
          look="tiles"
          label="Vial size"
          name="dose"
          form={form}
          choices={product.doses.map((option) => ({
            value: option.dose,
            content: (
              <>
                <strong>{option.dose}</strong>
                <span>{formatUsd(option.price)}</span>
              </>
            ),
            badge: option.popular && 'Popular',
          }))}
          selected={dose.dose}
          onSelect={setDoseName}
        />
      </div>
      <div>
        <h3>Quantity</h3>
        <QuantityStepper value={quantity} onChange={setQuantity} name="quantity" form={form} />
      </div>
      <UpdateTotal type="submit" form={form} name="_action" value={ACTIONS.recalculate} $variant="secondary">
        Update total
      </UpdateTotal>
      {children}
    </Panel>
  );
}
