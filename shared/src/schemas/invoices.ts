import { Type } from '@sinclair/typebox';
import { OfflineMethod } from './ledger';

/** Employer invoices (issue 30, decision 052): an organization billed for several students' seats on one invoice. */
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export const InvoiceStatus = Type.Union(INVOICE_STATUSES.map((status) => Type.Literal(status)));

const Id = Type.String({ minLength: 1, maxLength: 256 });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD' });

export const InvoiceLineInput = Type.Object({
  userId: Id,
  programId: Id,
  sessionId: Type.Optional(Id),
}, { additionalProperties: false });

export const InvoiceBody = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A UUID chosen by the caller: a retried request issues nothing twice' })),
  organization: Type.Object({ name: Text(200), address: Text(500) }, { additionalProperties: false }),
  contact: Type.Object({ name: Text(200), email: Type.String({ minLength: 3, maxLength: 254 }) }, { additionalProperties: false }),
  dueOn: Day,
  lines: Type.Array(InvoiceLineInput, { minItems: 1, maxItems: 100 }),
}, { additionalProperties: false });

export const InvoiceLine = Type.Object({
  student: Type.String(),
  studentId: Type.Union([Type.String(), Type.Null()]),
  program: Type.String(),
  programId: Type.Union([Type.String(), Type.Null()]),
  sessionStartsOn: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number({ description: 'Dollars: the seat as priced by the server' }),
});

export const Invoice = Type.Object({
  id: Type.String(),
  number: Type.String({ description: 'INV-<year>-<number>' }),
  status: InvoiceStatus,
  organization: Type.Object({ name: Type.String(), address: Type.String() }),
  contact: Type.Object({ name: Type.String(), email: Type.String() }),
  lines: Type.Array(InvoiceLine),
  total: Type.Number(),
  currency: Type.Literal('USD'),
  issuedAt: Type.String(),
  dueOn: Type.String(),
  paid: Type.Union([Type.Null(), Type.Object({
    at: Type.String(),
    via: Type.Union([Type.Literal('paypal'), Type.Literal('offline')]),
    method: Type.Union([Type.String(), Type.Null()]),
    reference: Type.Union([Type.String(), Type.Null()]),
    paidOn: Type.Union([Type.String(), Type.Null()]),
  })]),
  voided: Type.Union([Type.Null(), Type.Object({ at: Type.String(), reason: Type.String() })]),
  institute: Type.Object({ name: Type.String(), address: Type.String(), phone: Type.String(), email: Type.String() }),
});

/** The admin's view adds the payment link (the public page is addressed by an unguessable code). */
export const AdminInvoice = Type.Intersect([Invoice, Type.Object({ payUrl: Type.String() })]);

export const InvoiceResult = Type.Object({ message: Type.String(), invoice: AdminInvoice });

export const InvoicePaymentBody = Type.Object({
  amount: Type.Number({ description: "Dollars: the invoice's total (an invoice is paid whole)" }),
  method: OfflineMethod,
  reference: Type.Optional(Type.String({ maxLength: 200 })),
  paidOn: Day,
}, { additionalProperties: false });

export const InvoiceVoidBody = Type.Object({ reason: Text(500) }, { additionalProperties: false });

export const InvoiceCodeParams = Type.Object({ code: Type.String({ maxLength: 256 }) });

export const InvoiceOrderBody = Type.Object({
  amount: Type.Number({ description: 'Dollars the page shows; the server bills the invoice total and refuses any other amount' }),
}, { additionalProperties: false });

export const InvoiceOrder = Type.Object({ orderID: Type.String(), approvalUrl: Type.String() });

export const InvoiceCaptureBody = Type.Object({ orderID: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
