import type { Db } from '../../db/db';
import { paymentClaims } from './claims';
import { paymentReads } from './reads';
import { paymentWrites } from './writes';

export * from './types';

export function paymentsRepository(db: Db) {
  return { ...paymentReads(db), ...paymentClaims(db), ...paymentWrites(db) };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
