import { formatMoney } from '@institute/shared/rules';
import type { AppConfig } from '../config';
import type { OutboxEmail } from '../repositories/email-outbox';
import { signCancelToken } from '../advising/cancel-token';
import { describeSlot } from '../advising/times';
import type { AdvisingRepository } from '../repositories/advising';
import type { CertificatesRepository } from '../repositories/certificates';
import type { InvoicesRepository } from '../repositories/invoices';
import type { PaymentsRepository } from '../repositories/payments';
import { loadReceipt } from '../receipts/receipt';
import type { TemplateParams } from './emailjs-client';

/** Minutes a password reset link is valid; the email says so. */
export const RESET_LINK_MINUTES = 30;

/** Receipts and refunds name money as a receipt does: $1,200.00, with the separator the pages use (decision 030). */
const money = (dollars: number) => formatMoney(dollars, { cents: true });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface Rendered {
  params: TemplateParams;
  /** What stays in the outbox row once it is sent or given up: never the reset link. */
  keep: Record<string, unknown>;
}

/**
 * The account template's parameters for one outbox row: to_email, to_name, subject, message (plain text,
 * line breaks), link_url and link_text (empty when there is no link), and the institute's name and contact.
 * Receipts are rendered from the payment when sent, so the row needs only its id.
 */
export async function renderEmail(email: OutboxEmail, config: AppConfig, payments: PaymentsRepository, certificates?: CertificatesRepository, advising?: AdvisingRepository,
  invoices?: InvoicesRepository): Promise<Rendered | null> {
  const p = email.templateParams;
  const site = config.siteUrl;
  const base = {
    to_email: email.toEmail,
    to_name: text(p.toName) || email.toEmail,
    institute_name: config.institute.name,
    institute_contact: `${config.institute.email} · ${config.institute.phone}`,
  };
  switch (email.kind) {
    case 'password-reset':
      return {
        params: {
          ...base,
          subject: 'Reset your password',
          message: `Someone (we hope you) asked to reset the password of your ${config.institute.name} account. ` +
            `The link below works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`,
          link_url: text(p.resetUrl),
          link_text: 'Set a new password',
        },
        keep: { toName: p.toName ?? null },
      };
    case 'account-created':
      return {
        params: {
          ...base,
          subject: `Your ${config.institute.name} account`,
          message: `Thank you for your inquiry. Our admissions team made you a student account at ${config.institute.name} ` +
            `with this email. Choose your password with the link below; it works once, for ${RESET_LINK_MINUTES} minutes. ` +
            'If it has expired, use "Forgot password" on the sign-in page.',
          link_url: text(p.resetUrl),
          link_text: 'Choose your password',
        },
        keep: { toName: p.toName ?? null },
      };
    case 'password-changed':
      return {
        params: {
          ...base,
          subject: 'Your password was changed',
          message: 'The password of your account was just changed and every other session was signed out. ' +
            `If this was not you, reset your password now and contact us at ${config.institute.email}.`,
          link_url: `${site}/forgot-password`,
          link_text: 'Reset your password',
        },
        keep: p,
      };
    case 'receipt': {
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
    case 'refund':
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
    case 'waitlist-offer': {
      // The course's or program's own page: it shows the offer, and its enroll button opens the payment with the
      // session chosen (the payment page itself needs the course handed over by that button).
      const page = p.kind === 'course' ? 'courses' : 'quick-programs';
      const until = `${text(p.expiresAt).slice(0, 16).replace('T', ' ')} UTC`;
      return {
        params: {
          ...base,
          subject: `A seat is free for you in ${text(p.program)}`,
          message: [
            `A seat opened in ${text(p.program)}, session starting ${text(p.startsOn)} (${text(p.schedule)}), and you are first on its waitlist.`,
            `It is held for you until ${until}. Pay for it before then to take it; after that it goes to the next student waiting.`,
            'If you no longer want it, leave the waitlist from your account and the seat goes to the next student at once.',
          ].join('\n'),
          link_url: `${site}/${page}/${encodeURIComponent(text(p.programId))}?session=${encodeURIComponent(text(p.sessionId))}`,
          link_text: 'Pay for your seat',
        },
        keep: p,
      };
    }
    case 'payment-reminder': {
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
    case 'certificate': {
      // Rendered when sent, like a receipt: a certificate revoked before its email left is not announced.
      const c = certificates ? await certificates.get(text(p.certificateId)) : null;
      if (!c || c.revokedAt) return null;
      return {
        params: {
          ...base,
          to_name: c.studentName,
          subject: `Your certificate ${c.number}: ${c.programTitle}`,
          message: [
            `Congratulations, ${c.studentName}: you completed ${c.programTitle}.`,
            `Certificate number: ${c.number}`,
            `Anyone can check it at ${site}/certificates/${c.code}`,
          ].join('\n'),
          link_url: `${site}/my-certificates/${c.id}`,
          link_text: 'View and print your certificate',
        },
        keep: p,
      };
    }
    case 'advising-confirmation':
    case 'advising-reminder':
    case 'advising-cancelled':
      return advising ? renderAdvising(email.kind, text(p.bookingId), base, config, advising) : null;
    case 'erasure-approved':
      // The last mail to this address: once sent (or given up) the row keeps only the erased placeholder.
      return {
        params: {
          ...base,
          subject: 'Your personal data was erased',
          message: [
            `As you asked, ${config.institute.name} erased your personal data: your name, email, phone, inquiries and notes.`,
            'You can no longer sign in. Payment records, receipt numbers and amounts are kept as the law requires, ' +
              `under the name "${text(p.erasedName)}". Certificates issued to you no longer verify.`,
            'This is the last email we send to this address.',
          ].join('\n'),
          link_url: '',
          link_text: '',
        },
        keep: { erasedName: p.erasedName ?? null, replaceToEmail: p.replaceToEmail ?? null },
      };
    case 'erasure-declined':
      return {
        params: {
          ...base,
          subject: 'Your request to erase your data',
          message: [
            `${config.institute.name} did not erase your data. The reason: ${text(p.reason)}`,
            `To ask about it, reply to ${config.institute.email}. You can ask again from your profile at any time.`,
          ].join('\n'),
          link_url: `${site}/profile`,
          link_text: 'Open your profile',
        },
        keep: p,
      };
    case 'invoice': {
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
    default:
      return null;
  }
}

/**
 * Advising emails are rendered from the booking when sent, with the cancel link signed then (nothing secret is
 * stored in the row). A reminder of a booking cancelled since it was queued is not sent.
 */
async function renderAdvising(kind: 'advising-confirmation' | 'advising-reminder' | 'advising-cancelled', bookingId: string, base: TemplateParams, config: AppConfig, advising: AdvisingRepository): Promise<Rendered | null> {
  const found = await advising.bookingWithSlot(bookingId);
  if (!found) return null;
  const { booking, slot } = found;
  const when = `${describeSlot(slot.date, slot.time, slot.minutes)} (${slot.timeZone} time)`;
  const site = config.siteUrl;
  const cancelUrl = `${site}/advising/cancel?token=${encodeURIComponent(signCancelToken(config.jwt.secret, booking.id))}`;
  const details = [`When: ${when}`, `Advisor: ${slot.advisor}`, `Topic: ${booking.topic}`];
  const keep = { bookingId, toName: booking.name };
  if (kind === 'advising-cancelled') {
    return {
      params: {
        ...base, to_name: booking.name, subject: `Your advising session on ${describeSlot(slot.date, slot.time, slot.minutes)} is cancelled`,
        message: [`We are sorry: we had to cancel your advising session with ${slot.advisor}.`, ...details, slot.cancelReason ? `Reason: ${slot.cancelReason}` : null, 'Please book another time with the link below.'].filter((line): line is string => line !== null).join('\n'),
        link_url: `${site}/advising`, link_text: 'Book another time',
      },
      keep,
    };
  }
  if (booking.cancelledAt || slot.cancelledAt) return null;
  const reminder = kind === 'advising-reminder';
  return {
    params: {
      ...base, to_name: booking.name,
      subject: reminder ? `Reminder: your advising session tomorrow, ${describeSlot(slot.date, slot.time, slot.minutes)}` : `Your advising session is booked: ${describeSlot(slot.date, slot.time, slot.minutes)}`,
      message: [
        reminder ? `This is a reminder of your advising session with ${slot.advisor}.` : `Thank you, ${booking.name}: your advising session with ${slot.advisor} is booked.`,
        ...details,
        'If you cannot come, cancel with the link below so someone else can take the time.',
      ].join('\n'),
      link_url: cancelUrl, link_text: 'Cancel this booking',
    },
    keep,
  };
}
