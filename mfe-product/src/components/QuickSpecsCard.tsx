import type { CatalogueProduct } from '@storefront/commerce';
import { Badge, Card, ProductPicture, specTerms } from '@storefront/ui';
import styled from 'styled-components';

const Box = styled(Card)`
  display: grid;
  gap: 1rem;
  align-content: start;
  div.picture {
    aspect-ratio: 1 / 1;
    border-radius: ${({ theme }) => theme.radii.md};
    overflow: hidden;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  img,
  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
  ${specTerms}
  dl {
    gap: 0.4rem 1rem;
  }
`;

export function QuickSpecsCard({ product }: { product: CatalogueProduct }) {
  return (
    <Box>
      <div className="picture">
        {/* The page's largest picture: fetched ahead of the page's scripts. */}
        <ProductPicture
          src={product.image}
          alt={`${product.name} ${product.dose} vial`}
          width={400}
          height={400}
          fetchPriority="high"
        />
      </div>
      <div>
        <Badge $tone="accent">Pharmaceutical Grade</Badge>
      </div>
      <dl aria-label="Quick specifications">
        <dt>Molecular formula</dt>
        <dd>{product.molecularFormula}</dd>
        <dt>Molecular weight</dt>
        <dd>{product.molecularWeight}</dd>
        <dt>CAS number</dt>
        <dd>{product.casNumber}</dd>
        <dt>HPLC purity</dt>
        <dd>{product.purity}%</dd>
      </dl>
    </Box>
  );
}
