export * from './registry';
export * from './store';
