export * from './money';
export * from './payments';
export * from './text';
export * from './images';
