import { mutationConfig } from '../../stryker.base.mjs';

// The parts with behaviour of their own, each held by this package's tests: a kept early tap, the
// quantity stepper, a remote's region, the scroll reveal, the toasts and their corner. The rest is styled
// markup, held by the modules' component tests and the browser suites rather than by tests here.
export default mutationConfig('ui', [
  'src/early-tap.ts',
  'src/quantity-stepper.tsx',
  'src/remote-region.tsx',
  'src/scroll-reveal.tsx',
  'src/toast.tsx',
  'src/toast-placement.ts',
]);
