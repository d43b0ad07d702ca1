import type { CatalogueProduct } from '@storefront/commerce/catalog';
import { Badge, Card, PictureFrame, ProductPicture, specTerms } from '@storefront/ui';
import styled from 'styled-components';

const Box = styled(Card)`
  display: grid;
  gap: 1rem;
  align-content: start;
  ${specTerms}
  dl {
    gap: 0.4rem 1rem;
  }
`;

export function QuickSpecsCard({ product }: { product: CatalogueProduct }) {
  return (
    <Box>
      <PictureFrame>
        {/* The page's largest picture: fetched ahead of the page's scripts. */}
        <ProductPicture
          src={product.image}
          alt={`${product.name} ${product.dose} vial`}
          width={400}
          height={400}
          fetchPriority="high"
        />
      </PictureFrame>
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
