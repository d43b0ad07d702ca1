// The checkout service's API contract: orders and their quotes, the shopper's cart, affiliate codes.
export * from './checkout-schemas';
export * from './cart-schemas';
export * from './affiliate-schemas';
