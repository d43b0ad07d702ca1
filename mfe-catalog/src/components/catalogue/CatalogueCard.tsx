import { formatUsd } from '@storefront/commerce';
import { type CatalogueProduct } from '@storefront/commerce/catalog';
import { Badge, Button, Card, specTerms } from '@storefront/ui';
import { Link } from '@storefront/routing';
import styled from 'styled-components';
import { AddToCartButton } from '../AddToCartButton';
import { CardActions, CardPrice } from '../card-parts';
import { CardForm } from '../CardForm';
import { CardPicture } from '../CardPicture';

const Article = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.7rem;
  padding: 1.25rem;
  h3 {
    margin: 0;
    font-size: 1.15rem;
  }
  ${specTerms}
  dl {
    gap: 0.2rem 0.75rem;
    font-size: 0.88rem;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
`;

/** `priority`: the card is among the first a shopper sees, so its picture is fetched at once. */
export function CatalogueCard({
  product,
  priority = false,
}: {
  product: CatalogueProduct;
  priority?: boolean;
}) {
  return (
    <Article as="article" aria-labelledby={`catalogue-${product.id}`} data-testid="catalogue-product">
      <CardPicture src={product.image} alt={`${product.name} ${product.dose} vial`} priority={priority} />
      <Badges>
        {product.featured && <Badge $tone="warning">Featured</Badge>}
        <Badge $tone="accent">{product.purity}% Purity</Badge>
        {product.inStock && <Badge $tone="success">In Stock</Badge>}
      </Badges>
      <h3 id={`catalogue-${product.id}`}>{product.name}</h3>
      <dl>
        <dt>Category</dt>
        <dd>{product.category}</dd>
        <dt>Size</dt>
        <dd>{product.dose}</dd>
        <dt>CAS</dt>
        <dd>{product.casNumber}</dd>
        <dt>Formula</dt>
        <dd>{product.molecularFormula}</dd>
      </dl>
      <CardPrice data-testid="price" data-cents={product.price}>
        {formatUsd(product.price)}
      </CardPrice>
      <CardForm fields={{ productId: product.id, dose: product.dose, channel: 'catalogue' }}>
        <CardActions>
          <AddToCartButton
            label={`Add to Cart: ${product.name}`}
            item={() => ({
              productId: product.id,
              name: product.name,
              variant: product.dose,
              image: product.image,
              price: product.price,
              channel: 'catalogue',
            })}
          />
          <Button
            as={Link}
            to={`/product/${product.id}`}
            $variant="secondary"
            aria-label={`View Details: ${product.name}`}
          >
            View Details
          </Button>
        </CardActions>
      </CardForm>
    </Article>
  );
}
