import type { AppConfig } from '../../config';
import type { AdvisingRepository } from '../../repositories/advising';
import type { CertificatesRepository } from '../../repositories/certificates';
import type { EmailKind, OutboxEmail } from '../../repositories/email-outbox';
import type { InvoicesRepository } from '../../repositories/invoices';
import type { PaymentsRepository } from '../../repositories/payments';
import { renderAccountCreated, renderPasswordChanged, renderPasswordReset } from './account';
import { renderAdvisingCancelled, renderAdvisingConfirmation, renderAdvisingReminder } from './advising';
import { renderInvoice, renderPaymentReminder, renderReceipt, renderRefund } from './billing';
import { renderCertificate, renderWaitlistOffer } from './enrollment';
import { renderErasureApproved, renderErasureDeclined } from './privacy';
import { text, type Rendered, type RenderMessage } from './types';

export { RESET_LINK_MINUTES } from './account';
export type { Rendered } from './types';

/** One renderer for each kind of outbox row: a new kind of email is a new entry here (the compiler asks for it). */
const MESSAGES: Record<EmailKind, RenderMessage> = {
  'password-reset': renderPasswordReset,
  'account-created': renderAccountCreated,
  'password-changed': renderPasswordChanged,
  receipt: renderReceipt,
  refund: renderRefund,
  'payment-reminder': renderPaymentReminder,
  invoice: renderInvoice,
  'waitlist-offer': renderWaitlistOffer,
  certificate: renderCertificate,
  'advising-confirmation': renderAdvisingConfirmation,
  'advising-reminder': renderAdvisingReminder,
  'advising-cancelled': renderAdvisingCancelled,
  'erasure-approved': renderErasureApproved,
  'erasure-declined': renderErasureDeclined,
};

/**
 * The account template's parameters for one outbox row: to_email, to_name, subject, message (plain text,
 * line breaks), link_url and link_text (empty when there is no link), and the institute's name and contact.
 * Null: the row is not sent (an unknown kind, or what it announces is gone).
 */
export async function renderEmail(email: OutboxEmail, config: AppConfig, payments: PaymentsRepository, certificates?: CertificatesRepository, advising?: AdvisingRepository,
  invoices?: InvoicesRepository): Promise<Rendered | null> {
  const render = Object.hasOwn(MESSAGES, email.kind) ? MESSAGES[email.kind] : undefined;
  if (!render) return null;
  const p = email.templateParams;
  const base = {
    to_email: email.toEmail,
    to_name: text(p.toName) || email.toEmail,
    institute_name: config.institute.name,
    institute_contact: `${config.institute.email} · ${config.institute.phone}`,
  };
  return render({ email, p, base, site: config.siteUrl, config, payments, certificates, advising, invoices });
}
