import { formatUsd } from '@storefront/commerce';
import { type ProductPage } from '@storefront/commerce/product';
import { Button, Card, media, ProductPicture } from '@storefront/ui';
import { useNavigate } from '@storefront/routing';
import styled from 'styled-components';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.25rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Item = styled(Card)`
  display: grid;
  grid-template-columns: 96px 1fr;
  gap: 1rem;
  align-items: center;
  padding: 1rem;
  img,
  svg {
    width: 96px;
    height: 96px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1.05rem;
  }
  p {
    margin: 0 0 0.5rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

export function RelatedProducts({ related }: { related: ProductPage['related'] }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="related-title">
      <h2 id="related-title">Related Research Products</h2>
      <Grid>
        {related.map((product) => (
          <Item as="li" key={product.id}>
            <ProductPicture src={product.image} alt="" width={96} height={96} loading="lazy" />
            <div>
              <h3>{product.name}</h3>
              <p>{formatUsd(product.price)}</p>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => navigate(`/product/${product.id}`)}
                aria-label={`View Details: ${product.name}`}
              >
                View Details
              </Button>
            </div>
          </Item>
        ))}
      </Grid>
    </section>
  );
}
