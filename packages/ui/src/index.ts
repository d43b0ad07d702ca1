export * from './theme';
export * from './global-style';
export * from './button';
export * from './layout';
export * from './field';
export * from './spinner';
export * from './toast';
export * from './scroll-reveal';
