export * from './events';
export * from './bus';
export * from './store';
export * from './state';
export * from './storefront';
export * from './use-store';
export * from './cart';
export * from './persisted-value';
