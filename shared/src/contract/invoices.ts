/** Employer invoices (issue 30, decision 052): the types of the API's schemas. Money is US dollars, days `YYYY-MM-DD`. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type Invoice = Static<typeof Schemas.Invoice>;
export type AdminInvoice = Static<typeof Schemas.AdminInvoice>;
export type InvoiceInput = Static<typeof Schemas.InvoiceBody>;
export type InvoiceResult = Static<typeof Schemas.InvoiceResult>;
export type InvoicePaymentInput = Static<typeof Schemas.InvoicePaymentBody>;
export type InvoiceOrder = Static<typeof Schemas.InvoiceOrder>;
