export * from './money';
export * from './order';
export * from './schemas';
