export * from './money';
export * from './order';
export * from './labels';
export * from './schemas';
export * from './api-client';
export * from './catalog-schemas';
export * from './product-schemas';
export * from './checkout-schemas';
