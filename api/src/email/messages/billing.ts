import { loadReceipt } from '../../receipts/receipt';
import { money, text, type MessageContext, type Rendered } from './types';

/** Receipts are rendered from the payment when sent, so the row needs only its id. */
export async function renderReceipt({ p, base, site, payments }: MessageContext): Promise<Rendered | null> {
  const found = await loadReceipt(payments, text(p.paymentId));
  if (!found) return null;
  const r = found.receipt;
  const lines = [
    `Receipt ${r.receiptNumber}`,
    `Program: ${r.program}`,
    `Amount paid: ${money(r.amount)} ${r.currency}`,
    r.credits === undefined ? null : `Scholarships and adjustments: ${money(r.credits)}`,
    r.balanceLeft === null ? null : `Balance left: ${r.balanceLeft === 0 ? 'none, paid in full' : money(r.balanceLeft)}`,
    r.paidBy ? `Paid by: ${r.paidBy.method}${r.paidBy.reference ? ` (${r.paidBy.reference})` : ''} on ${r.paidBy.paidOn}` : `PayPal order: ${r.paypalOrderId}`,
    r.agreement ? `Enrollment agreement: version ${r.agreement.version}, accepted ${r.agreement.acceptedAt.slice(0, 10)}` : null,
    `Date: ${r.issuedAt.slice(0, 10)}`,
  ].filter((line): line is string => line !== null);
  return {
    params: { ...base, to_name: r.student?.legalName ?? r.student?.username ?? base.to_name, subject: `Your receipt ${r.receiptNumber}`, message: lines.join('\n'), link_url: `${site}/receipts/${r.paymentId}`, link_text: 'View and print your receipt' },
    keep: p,
  };
}

export function renderRefund({ p, base, site }: MessageContext): Rendered {
  return {
    params: {
      ...base,
      subject: `Refund of ${money(Number(p.amount))} for ${text(p.program)}`,
      message: [
        `We refunded ${money(Number(p.amount))} of your payment for ${text(p.program)} (receipt ${text(p.receiptNumber)}) to your PayPal account.`,
        `Refunded on this payment so far: ${money(Number(p.refundedTotal))}.`,
        'PayPal usually shows the money within a few days.',
      ].join('\n'),
      link_url: `${site}/receipts/${text(p.paymentId)}`,
      link_text: 'View your receipt',
    },
    keep: p,
  };
}

export function renderPaymentReminder({ p, base, site }: MessageContext): Rendered {
  // The link opens "Pay balance" for this program on the student's profile (My learning).
  const what = p.plan ? (Number(p.seq) === 0 ? 'The deposit' : `Instalment ${Number(p.seq)}`) : 'The balance';
  const overdue = p.reminder === 'overdue';
  return {
    params: {
      ...base,
      subject: overdue ? `Payment overdue: ${text(p.program)}` : `Payment due ${text(p.dueOn)}: ${text(p.program)}`,
      message: [
        overdue
          ? `${what} of ${money(Number(p.amount))} for ${text(p.program)} was due on ${text(p.dueOn)} and is not paid yet.`
          : `${what} of ${money(Number(p.amount))} for ${text(p.program)} is due on ${text(p.dueOn)}.`,
        p.plan ? `Your payment plan: ${text(p.plan)}. A payment pays your earliest instalments first.` : '',
        'If you have paid it since this email was sent, thank you: nothing more is needed.',
      ].filter(Boolean).join('\n'),
      link_url: `${site}/profile?pay=${encodeURIComponent(text(p.programId))}`,
      link_text: 'Pay balance',
    },
    keep: p,
  };
}

export async function renderInvoice({ p, base, site, config, invoices }: MessageContext): Promise<Rendered | null> {
  // Rendered when sent, like a receipt: an invoice voided before its email left is not sent.
  const invoice = invoices ? await invoices.byId(text(p.invoiceId)) : null;
  if (!invoice || invoice.status === 'void') return null;
  return {
    params: {
      ...base,
      to_name: invoice.contactName,
      subject: `Invoice ${invoice.number} from ${config.institute.name}`,
      message: [
        `Invoice ${invoice.number} for ${invoice.organizationName}: ${money(invoice.totalCents / 100)}, due ${invoice.dueOn}.`,
        ...invoice.lines.map((line) => `${line.studentName}, ${line.programTitle}${line.sessionStartsOn ? ` (starting ${line.sessionStartsOn})` : ''}: ${money(line.amountCents / 100)}`),
        'Pay it online with PayPal at the link below, or by check or bank transfer quoting the invoice number.',
      ].join('\n'),
      link_url: `${site}/invoices/${invoice.payCode}/pay`,
      link_text: 'View and pay the invoice',
    },
    keep: p,
  };
}
