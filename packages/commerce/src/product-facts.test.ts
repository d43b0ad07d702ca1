import { CERTIFICATE_LABELS, factRows, SPECIFICATION_LABELS } from './product-facts';

const certificate = {
  batchNumber: 'B-1',
  testDate: '2026-10-14',
  purityHPLC: '99.7%',
  purityMS: 'confirmed',
  waterContent: '4.1%',
  aceticAcid: '5.8%',
  tfa: '< 0.1%',
  peptideContent: '89.6%',
};

describe('a product record as labelled rows', () => {
  it("gives every value under its label, in the labels' order", () => {
    expect(factRows(certificate, CERTIFICATE_LABELS)).toEqual([
      ['Batch number', 'B-1'],
      ['Test date', '2026-10-14'],
      ['Purity (HPLC)', '99.7%'],
      ['Identity (mass spectrometry)', 'confirmed'],
      ['Water content (Karl Fischer)', '4.1%'],
      ['Acetic acid content', '5.8%'],
      ['Trifluoroacetic acid (TFA)', '< 0.1%'],
      ['Net peptide content', '89.6%'],
    ]);
  });

  it('gives only the values asked for, in the order asked', () => {
    expect(factRows(certificate, CERTIFICATE_LABELS, ['testDate', 'batchNumber'])).toEqual([
      ['Test date', '2026-10-14'],
      ['Batch number', 'B-1'],
    ]);
  });

  it('never shows two values under one name', () => {
    for (const labels of [SPECIFICATION_LABELS, CERTIFICATE_LABELS]) {
      const names = Object.values(labels);
      expect(new Set(names).size).toBe(names.length);
      expect(names.every((name) => name.trim().length > 0)).toBe(true);
    }
  });
});
