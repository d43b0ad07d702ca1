export * from './registry';
export * from './records';
export * from './store';
