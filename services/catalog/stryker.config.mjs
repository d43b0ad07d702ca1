import { mutationConfig } from '../../stryker.base.mjs';

// The leases behind the price lists it lends, and what it draws: the rules a test must fail without.
export default mutationConfig('catalog', ['src/price-leases.ts', 'src/render/**/*.ts']);
