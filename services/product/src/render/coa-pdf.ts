import {
  CERTIFICATE_LABELS,
  factRows,
  SPECIFICATION_LABELS,
  type CertificateOfAnalysis,
  type ProductSpecifications,
} from '@storefront/commerce/product';
import { type CatalogueProduct } from '@storefront/commerce/catalog';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** The PDF standard fonts speak WinAnsi; spell out the few symbols it lacks. */
function toWinAnsi(text: string): string {
  return text
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/[^\x20-\x7e\u00a0-\u00ff–—°±µ]/g, '?');
}

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
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Analysis - ${product.name} - ${certificate.batchNumber}`);
  pdf.setSubject(`${product.name} ${product.dose}, batch ${certificate.batchNumber}`);
  pdf.setProducer(shopName);
  pdf.setCreationDate(new Date(`${certificate.testDate}T00:00:00Z`));
  const page = pdf.addPage([595, 842]); // A4 portrait, points
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.11, 0.18);
  const brand = rgb(0.04, 0.24, 0.38);
  let y = 790;

  const write = (text: string, x: number, size: number, font: PDFFont = regular, color = ink) =>
    page.drawText(toWinAnsi(text), { x, y, size, font, color });
  const table = (target: PDFPage, rows: Array<[string, string]>) => {
    for (const [label, value] of rows) {
      write(label, 60, 10.5, bold);
      write(value, 250, 10.5);
      target.drawLine({
        start: { x: 60, y: y - 6 },
        end: { x: 535, y: y - 6 },
        thickness: 0.5,
        color: rgb(0.85, 0.88, 0.92),
      });
      y -= 22;
    }
  };

  write(shopName, 60, 12, bold, brand);
  y -= 30;
  write('Certificate of Analysis', 60, 22, bold, brand);
  y -= 34;
  table(page, [
    ['Product', `${product.name} (${product.dose})`],
    ['CAS number', product.casNumber],
    ['Molecular formula', product.molecularFormula],
    ['Molecular weight', product.molecularWeight],
    ...factRows(certificate, CERTIFICATE_LABELS, ['batchNumber', 'testDate']),
  ]);
  y -= 14;
  write('Analytical results', 60, 14, bold, brand);
  y -= 26;
  table(page, factRows(certificate, CERTIFICATE_LABELS, ANALYTICAL_RESULTS));
  y -= 14;
  write('Specifications', 60, 14, bold, brand);
  y -= 26;
  table(page, factRows(specifications, SPECIFICATION_LABELS, TESTED_SPECIFICATIONS));
  y -= 20;
  write('Result: the batch meets all specifications above.', 60, 11, bold);
  y -= 40;
  write('For research use only. Not for human or veterinary use.', 60, 9);
  return pdf.save();
}
