export * from './payments';
export * from './text';
