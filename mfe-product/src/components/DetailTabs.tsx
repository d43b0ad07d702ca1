import type { ProductPage } from '@storefront/commerce';
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

const facts = (rows: Array<[string, string]>) => (
  <Facts>
    {rows.map(([label, value]) => (
      <div key={label} style={{ display: 'contents' }}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ))}
  </Facts>
);

/** Specifications (default), Certificate of Analysis, Safety Information, Storage & Handling. */
export function DetailTabs({ page }: { page: ProductPage }) {
  const { specifications: spec, certificate: coa } = page;
  return (
    <ProductTabs
      label="Product information"
      tabs={[
        {
          label: 'Specifications',
          content: facts([
            ['Appearance', spec.appearance],
            ['Solubility', spec.solubility],
            ['Storage', spec.storage],
            ['Stability', spec.stability],
            ['Reconstitution', spec.reconstitution],
            ['pH', spec.ph],
            ['Endotoxin', spec.endotoxin],
            ['Heavy metals', spec.heavyMetals],
          ]),
        },
        {
          label: 'Certificate of Analysis',
          content: (
            <>
              {facts([
                ['Batch number', coa.batchNumber],
                ['Test date', coa.testDate],
                ['Purity (HPLC)', coa.purityHPLC],
                ['Identity (MS)', coa.purityMS],
                ['Water content', coa.waterContent],
                ['Acetic acid', coa.aceticAcid],
                ['TFA', coa.tfa],
                ['Peptide content', coa.peptideContent],
              ])}
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
          content: (
            <List>
              {page.safetyInformation.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </List>
          ),
        },
        {
          label: 'Storage & Handling',
          content: (
            <List>
              {page.storageHandling.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </List>
          ),
        },
      ]}
    />
  );
}
