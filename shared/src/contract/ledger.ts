/** The admin's ledger (issue 30, decision 043): the types of the API's schemas. Money is US dollars, days `YYYY-MM-DD`. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type OfflineMethod = Static<typeof Schemas.OfflineMethod>;
export type LedgerBalance = Static<typeof Schemas.LedgerBalance>;
export type OfflinePaymentInput = Static<typeof Schemas.OfflinePaymentBody>;
export type OfflinePaymentResponse = Static<typeof Schemas.OfflinePaymentResult>;
export type AdjustmentInput = Static<typeof Schemas.AdjustmentBody>;
export type Adjustment = Static<typeof Schemas.Adjustment>;
export type AdjustmentResponse = Static<typeof Schemas.AdjustmentResult>;
export type ManualEnrollmentInput = Static<typeof Schemas.ManualEnrollmentBody>;
export type LedgerProgram = Static<typeof Schemas.LedgerProgram>;
export type StudentLedger = Static<typeof Schemas.StudentLedger>;
export type Receivable = Static<typeof Schemas.Receivable>;
export type ReceivablesPage = Static<typeof Schemas.ReceivablesPage>;
export type ReceivablesTotals = Static<typeof Schemas.ReceivablesTotals>;
