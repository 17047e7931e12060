export * from './money';
export * from './payments';
export * from './payment-amounts';
export * from './text';
export * from './images';
export * from './class-sessions';
