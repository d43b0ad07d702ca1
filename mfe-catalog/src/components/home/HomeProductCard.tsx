import type { HomeProduct } from '@storefront/commerce/catalog';
import { formatUsd } from '@storefront/commerce';
import {
  Badge,
  Button,
  Card,
  ChoiceGroup,
  ResearchApplications,
  useFormEcho,
  useFormSeed,
} from '@storefront/ui';
import { useRef, useState } from 'react';
import { Link } from '@storefront/routing';
import styled, { css } from 'styled-components';
import { checkoutHref } from '../../domain/home-grid';
import { AddToCartButton } from '../AddToCartButton';
import { ADD_TO_CART } from '../../uses';
import { CardActions, CardPrice } from '../card-parts';
import { CardForm } from '../CardForm';
import { CardPicture } from '../CardPicture';

const Article = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.85rem;
  padding: 1.25rem;
  h3 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkMuted};
    font-size: 0.93rem;
  }
`;

/**
 * Until the page has hydrated (or where no script runs), what follows the size chosen is shown by CSS,
 * from the checked radio: every size's price and checkout link is in the card, only the chosen one's
 * visible.
 */
const followsChosenDose = (doses: readonly string[], display: string) => css`
  html:not([data-hydrated]) & [data-for-dose] {
    display: none;
  }
  ${doses.map(
    (dose) => css`
      html:not([data-hydrated])
        form:has(input[name='dose'][value='${dose}']:checked)
        &
        [data-for-dose='${dose}'] {
        display: ${display};
      }
    `,
  )}
`;

const Prices = styled(CardPrice)<{ $doses: string[] }>`
  ${({ $doses }) => followsChosenDose($doses, 'inline')}
`;

const BuyNowLinks = styled.div<{ $doses: string[] }>`
  display: grid;
  & > [hidden] {
    display: none;
  }
  ${({ $doses }) => followsChosenDose($doses, 'inline-flex')}
`;

const TitleRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;

/**
 * One home-grid product: its picture, price and checkout link follow the chosen dose. Its form adds the
 * chosen size to the cart with or without a script, and its Buy Now is the spec's link to its checkout
 * with that dose; a size tapped before the page hydrated is kept.
 */
export function HomeProductCard({ product }: { product: HomeProduct }) {
  // The size the shopper added from this card, where the server completed its form: still chosen.
  const added = useFormEcho(ADD_TO_CART)?.values;
  const [dose, setDose] = useState(
    added?.productId === product.id ? (added.dose ?? '') : product.defaultDose,
  );
  const option = product.doses.find((d) => d.dose === dose) ?? product.doses[0]!;
  const form = useRef<HTMLFormElement>(null);
  useFormSeed(form, (fields) => setDose(String(fields.get('dose') ?? product.defaultDose)));
  /** The size chosen in the form now (a tap before the page hydrated included). */
  const chosen = (cardForm: HTMLFormElement | null) => {
    const dose = cardForm ? new FormData(cardForm).get('dose') : null;
    return product.doses.find((d) => d.dose === dose) ?? option;
  };

  return (
    <Article as="article" aria-labelledby={`product-${product.id}`} data-testid="home-product">
      <CardPicture src={option.image} alt={`${product.name} ${option.dose} vial`} />
      <TitleRow>
        <h3 id={`product-${product.id}`}>{product.name}</h3>
        <Badge $tone="accent">{product.purity} Pure</Badge>
      </TitleRow>
      <p>{product.description}</p>
      <ResearchApplications applications={product.applications} />
      <p>Storage: {product.storage}</p>
      <CardForm
        form={form}
        fields={{ productId: product.id, channel: 'storefront', checkoutPath: product.checkoutPath }}
      >
        <ChoiceGroup
          look="buttons"
          label={`${product.name} vial size`}
          name="dose"
          choices={product.doses.map((d) => ({ value: d.dose, content: d.dose, badge: d.label }))}
          selected={option.dose}
          onSelect={setDose}
        />
        <Prices $doses={product.doses.map((d) => d.dose)}>
          {product.doses.map((d) => (
            <span
              key={d.dose}
              data-for-dose={d.dose}
              hidden={d.dose !== option.dose}
              {...(d.dose === option.dose ? { 'data-testid': 'price', 'data-cents': d.price } : {})}
            >
              {formatUsd(d.price)}
            </span>
          ))}
        </Prices>
        <CardActions>
          <AddToCartButton
            label={`Add to Cart: ${product.name} ${option.dose}`}
            item={(cardForm) => {
              const { dose, image, price } = chosen(cardForm);
              return {
                productId: product.id,
                name: product.name,
                variant: dose,
                image,
                price,
                channel: 'storefront',
              };
            }}
          />
          <BuyNowLinks $doses={product.doses.map((d) => d.dose)}>
            {product.doses.map((d) => (
              <Button
                key={d.dose}
                as={Link}
                to={checkoutHref(product.checkoutPath, d.dose)}
                $variant="secondary"
                data-for-dose={d.dose}
                hidden={d.dose !== option.dose}
                aria-label={`Buy Now: ${product.name} ${d.dose}`}
              >
                Buy Now
              </Button>
            ))}
          </BuyNowLinks>
        </CardActions>
      </CardForm>
    </Article>
  );
}
