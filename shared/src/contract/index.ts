export * from './entities';
export * from './calls';
export * from './site';
export * from './exposes';
export * from './vitals';
export * from './module-events';
export * from './class-sessions';
export * from './coupons';
