import type { CertificateOfAnalysis, ProductSpecifications } from './product-schemas';

/** What each specification is called, on the product page and in the certificate PDF alike. */
export const SPECIFICATION_LABELS: Record<keyof ProductSpecifications, string> = {
  appearance: 'Appearance',
  solubility: 'Solubility',
  storage: 'Storage',
  stability: 'Stability',
  reconstitution: 'Reconstitution',
  ph: 'pH',
  endotoxin: 'Endotoxin',
  heavyMetals: 'Heavy metals',
};

/** What each certificate-of-analysis value is called, on the product page and in the PDF alike. */
export const CERTIFICATE_LABELS: Record<keyof CertificateOfAnalysis, string> = {
  batchNumber: 'Batch number',
  testDate: 'Test date',
  purityHPLC: 'Purity (HPLC)',
  purityMS: 'Identity (mass spectrometry)',
  waterContent: 'Water content (Karl Fischer)',
  aceticAcid: 'Acetic acid content',
  tfa: 'Trifluoroacetic acid (TFA)',
  peptideContent: 'Net peptide content',
};

/** A record's values as [label, value] rows, in the labels' order, or only those of `keys`. */
export function factRows<Key extends string>(
  record: Record<Key, string>,
  labels: Record<Key, string>,
  keys = Object.keys(labels) as Key[],
): Array<[string, string]> {
  return keys.map((key) => [labels[key], record[key]]);
}
