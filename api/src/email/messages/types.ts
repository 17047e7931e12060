import { formatMoney } from '@institute/shared/rules';
import type { AppConfig } from '../../config';
import type { AdvisingRepository } from '../../repositories/advising';
import type { CertificatesRepository } from '../../repositories/certificates';
import type { OutboxEmail } from '../../repositories/email-outbox';
import type { InvoicesRepository } from '../../repositories/invoices';
import type { PaymentsRepository } from '../../repositories/payments';
import type { TemplateParams } from '../emailjs-client';

export interface Rendered {
  params: TemplateParams;
  /** What stays in the outbox row once it is sent or given up: never the reset link. */
  keep: Record<string, unknown>;
}

/** What rendering one outbox row may read: the row, the site's config, and the repositories some kinds read when sent. */
export interface MessageContext {
  email: OutboxEmail;
  /** The row's template parameters. */
  p: Record<string, unknown>;
  /** What every message starts from. */
  base: { to_email: string; to_name: string; institute_name: string; institute_contact: string };
  site: string;
  config: AppConfig;
  payments: PaymentsRepository;
  certificates?: CertificatesRepository;
  advising?: AdvisingRepository;
  invoices?: InvoicesRepository;
}

/** Null: the row is not sent (what it announces is gone, voided or cancelled since it was queued). */
export type RenderMessage = (context: MessageContext) => Rendered | null | Promise<Rendered | null>;

/** Receipts and refunds name money as a receipt does: $1,200.00, with the separator the pages use (decision 030). */
export const money = (dollars: number) => formatMoney(dollars, { cents: true });
export const text = (value: unknown) => (typeof value === 'string' ? value : '');
