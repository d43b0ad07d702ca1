// The shop's arithmetic, pure: money in integer cents, an order's totals (spec section 9) and the short
// labels every module prints the same way. Each module's API contract has a subpath of its own
// (./catalog, ./product, ./checkout, ./content), as has the client that reads them (./api-client).
export * from './money';
export * from './order';
export * from './labels';
export * from './plain-text';
