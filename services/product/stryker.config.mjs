import { mutationConfig } from '../../stryker.base.mjs';

// The use cases, which know no HTTP, and what it draws: the rules a test must fail without.
export default mutationConfig('product', ['src/domain/**/*.ts', 'src/render/**/*.ts']);
