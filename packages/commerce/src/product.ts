// The product service's API contract: a product page, and the labels of its facts (the page's tabs and the
// certificate PDF print the same rows).
export * from './product-schemas';
export * from './product-facts';
