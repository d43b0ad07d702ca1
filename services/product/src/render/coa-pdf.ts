import {
  CERTIFICATE_LABELS,
  factRows,
  SPECIFICATION_LABELS,
  type CertificateOfAnalysis,
  type ProductSpecifications,
} from '@storefront/commerce/product';
import { type CatalogueProduct } from '@storefront/commerce/catalog';
import { openSheet } from '@storefront/documents';

/** Batch and test date head the certificate; the analytical results follow them. */
const ANALYTICAL_RESULTS: Array<keyof CertificateOfAnalysis> = [
  'purityHPLC',
  'purityMS',
  'waterContent',
  'aceticAcid',
  'tfa',
  'peptideContent',
];

/** The specifications a batch is tested against (reconstitution is advice, not a test). */
const TESTED_SPECIFICATIONS: Array<keyof ProductSpecifications> = [
  'appearance',
  'solubility',
  'ph',
  'endotoxin',
  'heavyMetals',
  'storage',
  'stability',
];

export function certificateFileName(productId: string, certificate: CertificateOfAnalysis): string {
  return `CoA-${productId}-${certificate.batchNumber}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * A one-page certificate of analysis built from the product's record: identity from the catalogue,
 * batch, test date and every certificate value, with the specifications it was tested against.
 */
export async function buildCertificatePdf(
  product: CatalogueProduct,
  certificate: CertificateOfAnalysis,
  specifications: ProductSpecifications,
  shopName: string,
): Promise<Uint8Array> {
  const sheet = await openSheet({
    title: `Certificate of Analysis - ${product.name} - ${certificate.batchNumber}`,
    subject: `${product.name} ${product.dose}, batch ${certificate.batchNumber}`,
    producer: shopName,
    created: new Date(`${certificate.testDate}T00:00:00Z`),
  });
  sheet.write(shopName, { size: 12, bold: true, brand: true });
  sheet.down(30);
  sheet.write('Certificate of Analysis', { size: 22, bold: true, brand: true });
  sheet.down(34);
  sheet.table([
    ['Product', `${product.name} (${product.dose})`],
    ['CAS number', product.casNumber],
    ['Molecular formula', product.molecularFormula],
    ['Molecular weight', product.molecularWeight],
    ...factRows(certificate, CERTIFICATE_LABELS, ['batchNumber', 'testDate']),
  ]);
  sheet.down(14);
  sheet.write('Analytical results', { size: 14, bold: true, brand: true });
  sheet.down(26);
  sheet.table(factRows(certificate, CERTIFICATE_LABELS, ANALYTICAL_RESULTS));
  sheet.down(14);
  sheet.write('Specifications', { size: 14, bold: true, brand: true });
  sheet.down(26);
  sheet.table(factRows(specifications, SPECIFICATION_LABELS, TESTED_SPECIFICATIONS));
  sheet.down(20);
  sheet.write('Result: the batch meets all specifications above.', { size: 11, bold: true });
  sheet.down(40);
  sheet.write('For research use only. Not for human or veterinary use.', { size: 9 });
  return sheet.save();
}
