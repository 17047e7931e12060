/**
 * The one source of every shape that crosses the API boundary (issue 16, decision 023). The API validates and
 * documents with these schemas; the front ends take their types with `import type` only (lint enforces it), so
 * no schema code reaches a bundle; the seed and the e2e support derive their types from them too.
 */
export * from './common';
export * from './users';
export * from './catalog';
export * from './blogs';
export * from './gallery';
export * from './payments';
export * from './admin';
export * from './vitals';
export * from './module-health';
export * from './lists';
export * from './coupons';
export * from './sessions';
export * from './inquiries';
export * from './records';
export * from './ledger';
export * from './advising';
export * from './privacy';
export * from './plans';
export * from './receivables';
export * from './invoices';
