/**
 * Spec section 9's price tables, transcribed here independently of the seed migration, so the tests
 * compare the database against the spec rather than against itself. [productId, dose, dollars, sku]
 */
export const specPrices = {
  storefront: [
    ['retatrutide', '5mg', '99', 'RETA'],
    ['retatrutide', '10mg', '140', 'RETA'],
    ['retatrutide', '20mg', '199', 'RETA'],
    ['ghk-cu', '50mg', '69.99', 'GHKCU'],
    ['ghk-cu', '100mg', '89.99', 'GHKCU'],
    ['igf1-lr3', '1mg', '89.99', 'IGF1LR3'],
    ['bpc-157', '10mg', '85', 'BPC'],
    // Home grid 69, dedicated checkout 69.99: the catalog keeps 69.99 (see the seed migration).
    ['cjc-1295', '5mg', '69.99', 'CJC'],
    ['cjc-1295', '10mg', '100', 'CJC'],
    ['tb-500', '5mg', '60', 'TB500'],
    ['semax', '10mg', '89', 'SEMAX'],
  ],
  'quick-checkout': [
    ['retatrutide', '5mg', '99', 'RETA'],
    ['retatrutide', '10mg', '140', 'RETA'],
    ['retatrutide', '20mg', '199', 'RETA'],
    ['bpc-157', '5mg', '79.99', 'BPC157'],
    ['bpc-157', '10mg', '89.99', 'BPC157'],
    ['bpc-157', '20mg', '149.99', 'BPC157'],
    ['ghk-cu', '50mg', '69.99', 'GHKCU'],
    ['ghk-cu', '100mg', '89.99', 'GHKCU'],
    ['igf1-lr3', '1mg', '89.99', 'IGF1LR3'],
  ],
  catalogue: [
    ['5-amino-1mq', '50mg', '89.99', 'AMINO1MQ'],
    ['aod-9604', '5mg', '124.99', 'AOD9604'],
    ['bacteriostatic-water', '30ml', '15.99', 'BACWATER'],
    ['bpc-157', '10mg', '79.99', 'BPC157'],
    ['bpc-tb-blend', '10mg', '159.99', 'BPCTB'],
    ['cjc-1295-ipamorelin', '10mg', '139.99', 'CJCIPA'],
  ],
} as const;

/** Quick-checkout purity per dose and the 'popular' flag, from the same table. */
export const quickCheckoutPurity: Array<[string, string, number, boolean]> = [
  ['retatrutide', '5mg', 99.7, false],
  ['retatrutide', '10mg', 99.8, true],
  ['retatrutide', '20mg', 99.9, false],
  ['bpc-157', '5mg', 99.6, false],
  ['bpc-157', '10mg', 99.8, true],
  ['bpc-157', '20mg', 99.9, false],
  ['ghk-cu', '50mg', 99.5, true],
  ['ghk-cu', '100mg', 99.7, false],
  ['igf1-lr3', '1mg', 99.8, true],
];

/**
 * Catalogue-channel entries that are not catalogue cards: the BPC-157 page's related TB-500 and GHK-Cu
 * (see migration 003), at their storefront prices.
 */
export const productPageOnlyPrices = [
  ['tb-500', '5mg', '60', 'TB500'],
  ['ghk-cu', '50mg', '69.99', 'GHKCU'],
] as const;
