import type { Static } from '@sinclair/typebox';
import type { AdminInvoice, Invoice } from '@institute/shared/schemas';
import type { AppConfig } from '../../config';
import { centsToDollars } from '../../lib/money';
import type { InvoiceRecord } from '../../repositories/invoices';

const iso = (at: Date) => new Date(at).toISOString();

/** An invoice as its organization reads it (the public page) and as it is printed. */
export function toInvoice(row: InvoiceRecord, institute: AppConfig['institute']): Static<typeof Invoice> {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    organization: { name: row.organizationName, address: row.organizationAddress },
    contact: { name: row.contactName, email: row.contactEmail },
    lines: row.lines.map((line) => ({
      student: line.studentName, studentId: line.userId, program: line.programTitle, programId: line.programId,
      sessionStartsOn: line.sessionStartsOn, amount: centsToDollars(line.amountCents),
    })),
    total: centsToDollars(row.totalCents),
    currency: 'USD',
    issuedAt: iso(row.issuedAt),
    dueOn: row.dueOn,
    paid: row.paidAt && row.paidVia
      ? { at: iso(row.paidAt), via: row.paidVia, method: row.offlineMethod, reference: row.offlineReference, paidOn: row.paidOn }
      : null,
    voided: row.voidedAt && row.voidReason ? { at: iso(row.voidedAt), reason: row.voidReason } : null,
    institute: { name: institute.name, address: institute.address, phone: institute.phone, email: institute.email },
  };
}

export const toAdminInvoice = (row: InvoiceRecord, config: Pick<AppConfig, 'institute' | 'siteUrl'>): Static<typeof AdminInvoice> => ({
  ...toInvoice(row, config.institute),
  payUrl: `${config.siteUrl}/invoices/${row.payCode}/pay`,
});
