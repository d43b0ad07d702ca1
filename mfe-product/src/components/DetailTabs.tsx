import {
  CERTIFICATE_LABELS,
  factRows,
  SPECIFICATION_LABELS,
  type ProductPage,
} from '@storefront/commerce/product';
import { Button } from '@storefront/ui';
import styled from 'styled-components';
import { productApi } from '../api';
import { ProductTabs } from './ProductTabs';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, 1fr) 2fr;
  gap: 0;
  margin: 0;
  dt,
  dd {
    padding: 0.6rem 0.25rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    margin: 0;
  }
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const List = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  li {
    margin-bottom: 0.4rem;
  }
`;

const factList = (rows: Array<[string, string]>) => (
  <Facts>
    {rows.map(([label, value]) => (
      <div key={label} style={{ display: 'contents' }}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ))}
  </Facts>
);

const bulletList = (lines: string[]) => (
  <List>
    {lines.map((line) => (
      <li key={line}>{line}</li>
    ))}
  </List>
);

/** Specifications (default), Certificate of Analysis, Safety Information, Storage & Handling. */
export function DetailTabs({ page }: { page: ProductPage }) {
  return (
    <ProductTabs
      label="Product information"
      tabs={[
        {
          label: 'Specifications',
          content: factList(factRows(page.specifications, SPECIFICATION_LABELS)),
        },
        {
          label: 'Certificate of Analysis',
          content: (
            <>
              {factList(factRows(page.certificate, CERTIFICATE_LABELS))}
              <p>
                <Button
                  as="a"
                  href={productApi.certificateUrl(page.product.id)}
                  download
                  $variant="secondary"
                >
                  Download Full CoA (PDF)
                </Button>
              </p>
            </>
          ),
        },
        {
          label: 'Safety Information',
          content: bulletList(page.safetyInformation),
        },
        {
          label: 'Storage & Handling',
          content: bulletList(page.storageHandling),
        },
      ]}
    />
  );
}
