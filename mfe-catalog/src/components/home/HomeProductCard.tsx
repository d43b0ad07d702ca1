import type { HomeProduct } from '@storefront/commerce';
import { formatUsd } from '@storefront/commerce';
import { Badge, Button, Card, TagList } from '@storefront/ui';
import { useState } from 'react';
import { Link } from '@storefront/routing';
import styled from 'styled-components';
import { checkoutHref } from '../../domain/home-grid';
import { AddToCartButton } from '../AddToCartButton';
import { CardActions, CardPrice } from '../card-parts';
import { ProductImage } from '../ProductImage';
import { DoseSelector } from './DoseSelector';

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

const TitleRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;

/** One home-grid product: its picture and price follow the chosen dose. */
export function HomeProductCard({ product }: { product: HomeProduct }) {
  const [dose, setDose] = useState(product.defaultDose);
  const option = product.doses.find((d) => d.dose === dose) ?? product.doses[0]!;

  return (
    <Article as="article" aria-labelledby={`product-${product.id}`} data-testid="home-product">
      <ProductImage src={option.image} alt={`${product.name} ${option.dose} vial`} />
      <TitleRow>
        <h3 id={`product-${product.id}`}>{product.name}</h3>
        <Badge $tone="accent">{product.purity} Pure</Badge>
      </TitleRow>
      <p>{product.description}</p>
      <TagList aria-label="Research applications">
        {product.applications.map((application) => (
          <li key={application}>{application}</li>
        ))}
      </TagList>
      <p>Storage: {product.storage}</p>
      <DoseSelector product={product} selected={option.dose} onSelect={setDose} />
      <CardPrice data-testid="price" data-cents={option.price}>
        {formatUsd(option.price)}
      </CardPrice>
      <CardActions>
        <AddToCartButton
          label={`Add to Cart: ${product.name} ${option.dose}`}
          item={{
            productId: product.id,
            name: product.name,
            variant: option.dose,
            image: option.image,
            price: option.price,
            channel: 'storefront',
          }}
        />
        <Button
          as={Link}
          to={checkoutHref(product.checkoutPath, option.dose)}
          $variant="secondary"
          aria-label={`Buy Now: ${product.name} ${option.dose}`}
        >
          Buy Now
        </Button>
      </CardActions>
    </Article>
  );
}
