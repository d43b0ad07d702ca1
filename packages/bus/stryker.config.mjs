import { mutationConfig } from '../../stryker.base.mjs';

// The bus, the stores and the cart's arithmetic every module relies on (React's hook aside: the
// component tests of the modules that use it hold it).
export default mutationConfig('bus', [
  'src/**/*.ts',
  '!src/**/*.test.ts',
  '!src/index.ts',
  '!src/use-store.ts',
]);
