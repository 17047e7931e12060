export { enrollmentChanges } from './changes';
export { enrollmentReads } from './reads';
export { enrollmentsRepository, type EnrollmentsRepository } from './seats';
export * from './types';
export { withdrawIfRefunded } from './withdraw';
