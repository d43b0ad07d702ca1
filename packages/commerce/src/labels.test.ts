import { affiliateDiscountLabel } from './order';
import { formatItemCount, normalizeAffiliateCode, skuLabel } from './labels';

describe('labels the spec spells out', () => {
  it('shows the SKU as sku-VIALAMOUNT upper-cased', () => {
    expect(skuLabel('Reta', '10mg')).toBe('RETA-10MG');
  });

  it('compares affiliate codes trimmed and upper-cased', () => {
    expect(normalizeAffiliateCode('  research10 ')).toBe('RESEARCH10');
    expect(normalizeAffiliateCode('   ')).toBe('');
  });

  it('counts items in the singular for one', () => {
    expect([0, 1, 2].map(formatItemCount)).toEqual(['0 items', '1 item', '2 items']);
  });

  it("labels an applied affiliate '{name} - N% off'", () => {
    expect(affiliateDiscountLabel('Research Partner', 0.1)).toBe('Research Partner - 10% off');
  });
});
