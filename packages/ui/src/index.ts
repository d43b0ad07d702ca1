// The theme typing of styled-components travels with the package, to every compilation that imports it
// (the federated types of a remote, generated from its exposed files alone, too).
import type {} from './styled';
export * from './theme';
export * from './global-style';
export * from './button';
export * from './layout';
export * from './field';
export * from './spinner';
export * from './page-loading';
export * from './toast';
export * from './toast-placement';
export * from './scroll-reveal';
export * from './use-resource';
export * from './preloaded-data';
export * from './use-hydrated';
export * from './early-tap';
export * from './use-added-feedback';
export * from './product-picture';
export * from './remote-error-boundary';
export * from './remote-region';
export * from './age-dialog';
export * from './quantity-stepper';
export * from './choice-group';
export * from './focus-trap';
export * from './drawer';
export * from './not-found-page';
export * from './forms';
export * from './static-html';
