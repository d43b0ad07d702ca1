import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these web APIs that react-router uses; Node's implementations are the standard ones.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom has no layout, so scrolling is a no-op rather than its "not implemented" error. (A browser
// module's test of code that runs on the shell's server too runs in node: it has no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
