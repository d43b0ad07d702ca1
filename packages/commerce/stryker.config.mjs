import { mutationConfig } from '../../stryker.base.mjs';

// Every module of the package: the rules a test must fail without.
export default mutationConfig('commerce', ['src/**/*.ts', '!src/**/*.test.ts', '!src/index.ts']);
