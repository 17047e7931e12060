import type { AppConfig } from '../../src/config';
import { renderEmail } from '../../src/email/messages';
import type { OutboxEmail } from '../../src/repositories/email-outbox';
import type { InvoicesRepository } from '../../src/repositories/invoices';
import type { PaymentsRepository } from '../../src/repositories/payments';

/** Emails name money as the pages do (decision 030): thousands separated, cents as on a receipt. */
const config = { siteUrl: 'https://institute.example', institute: { name: 'Northbridge Career Institute', email: 'info@institute.example', phone: '555-0100' } } as unknown as AppConfig;
const noPayments = {} as PaymentsRepository;

function refund(templateParams: Record<string, unknown>): OutboxEmail {
  return { id: '1', kind: 'refund', toEmail: 'ada@example.com', templateParams, status: 'PENDING', attempts: 0, nextAttemptAt: new Date(), lastError: null, createdAt: new Date(), sentAt: null } as OutboxEmail;
}

it('writes a refund of 1200 dollars as $1,200.00 in the subject and the message', async () => {
  const rendered = await renderEmail(refund({ amount: 1200, refundedTotal: 2400.5, program: 'Data Analytics', receiptNumber: 'R-2026-000001', paymentId: 'p1' }), config, noPayments);
  expect(rendered?.params.subject).toBe('Refund of $1,200.00 for Data Analytics');
  expect(rendered?.params.message).toContain('We refunded $1,200.00 of your payment for Data Analytics (receipt R-2026-000001)');
  expect(rendered?.params.message).toContain('Refunded on this payment so far: $2,400.50.');
});

it('writes a payment reminder with its amount, date and a link that opens "Pay balance" for the program', async () => {
  const email = (templateParams: Record<string, unknown>) => ({ ...refund(templateParams), kind: 'payment-reminder' as const });
  const soon = await renderEmail(email({ reminder: 'upcoming', program: 'Data Analytics', programId: 'p 1', dueOn: '2027-02-01', amount: 1250.5, plan: 'Deposit and 3 monthly', seq: 2 }), config, noPayments);
  expect(soon?.params).toMatchObject({
    subject: 'Payment due 2027-02-01: Data Analytics',
    link_url: 'https://institute.example/profile?pay=p%201',
    link_text: 'Pay balance',
  });
  expect(soon?.params.message).toContain('Instalment 2 of $1,250.50 for Data Analytics is due on 2027-02-01.');
  const late = await renderEmail(email({ reminder: 'overdue', program: 'Data Analytics', programId: 'p1', dueOn: '2027-02-01', amount: 900, plan: null, seq: 0 }), config, noPayments);
  expect(late?.params.subject).toBe('Payment overdue: Data Analytics');
  expect(late?.params.message).toContain('The balance of $900.00 for Data Analytics was due on 2027-02-01 and is not paid yet.');
});

describe('an employer invoice (decision 052)', () => {
  const invoice = {
    id: 'i1', number: 'INV-2026-0004', payCode: 'ABCDEFGHJKMNPQRSTVWXYZ23', organizationName: 'Acme Logistics', contactName: 'Dana Reyes',
    contactEmail: 'dana@acme.test', totalCents: 240000, dueOn: '2026-12-20', status: 'open',
    lines: [{ studentName: 'Maya Chen', programTitle: 'Pharmacy Technician', sessionStartsOn: '2027-01-11', amountCents: 120000 }],
  };
  const email = { ...refund({ invoiceId: 'i1' }), kind: 'invoice', toEmail: 'dana@acme.test' } as OutboxEmail;
  const invoices = (row: object | null) => ({ byId: async () => row }) as unknown as InvoicesRepository;

  it('is rendered when sent, with its seats, total, due day and the payment link', async () => {
    const rendered = await renderEmail(email, config, noPayments, undefined, undefined, invoices(invoice));
    expect(rendered?.params).toMatchObject({
      to_name: 'Dana Reyes', subject: 'Invoice INV-2026-0004 from Northbridge Career Institute',
      link_url: 'https://institute.example/invoices/ABCDEFGHJKMNPQRSTVWXYZ23/pay', link_text: 'View and pay the invoice',
    });
    expect(rendered?.params.message).toContain('Invoice INV-2026-0004 for Acme Logistics: $2,400.00, due 2026-12-20.');
    expect(rendered?.params.message).toContain('Maya Chen, Pharmacy Technician (starting 2027-01-11): $1,200.00');
  });

  it('is not sent once the invoice is void', async () => {
    expect(await renderEmail(email, config, noPayments, undefined, undefined, invoices({ ...invoice, status: 'void' }))).toBeNull();
  });
});
