// The checkout service's API contract: orders and their quotes, the shopper's cart, affiliate codes, and
// the orders of a researcher's account.
export * from './checkout-schemas';
export * from './cart-schemas';
export * from './affiliate-schemas';
export * from './account-order-schemas';
