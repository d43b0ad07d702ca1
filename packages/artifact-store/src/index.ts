export * from './registry';
export * from './records';
export * from './build-files';
export * from './registry-store';
export * from './file-registry';
export * from './postgres-registry';
export * from './store';
