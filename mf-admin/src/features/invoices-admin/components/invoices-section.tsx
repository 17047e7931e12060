import { useState } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import { Link } from '@institute/shared/router';
import type { AdminInvoice, InvoiceInput, InvoicePaymentInput } from '@institute/shared/contract';
import { formatDay, formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable } from '../../../components/admin-table';
import { useInvoiceMutations, useInvoices } from '../api/invoices';
import { InvoiceActions } from './invoice-actions';
import { InvoiceForm } from './invoice-form';
import ui from '../../../components/admin-ui.module.css';

const STATUS: Record<AdminInvoice['status'], string> = { open: 'Open', paid: 'Paid', void: 'Void' };
const seatsText = (invoice: AdminInvoice) => `${invoice.lines.length} ${invoice.lines.length === 1 ? 'seat' : 'seats'}`;
const payPath = (invoice: AdminInvoice) => new URL(invoice.payUrl).pathname;

/**
 * Employer invoices (issue 30, decision 052): issue one to an organization for several students' seats, follow
 * its payment link, record a payment taken outside PayPal, or void it. The server prices, seats and numbers.
 */
export function InvoicesSection() {
  const invoices = useInvoices();
  const { issue, pay, void: voidInvoice } = useInvoiceMutations();
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<AdminInvoice | null>(null);
  const [notice, setNotice] = useState<{ text: string; link?: string } | null>(null);

  const onIssue = (body: InvoiceInput) => {
    setNotice(null);
    issue.mutate(body, {
      onSuccess: (result) => {
        setCreating(false);
        setNotice({ text: result.message, link: result.invoice.payUrl });
      },
    });
  };
  const onPay = (invoice: AdminInvoice, body: InvoicePaymentInput) =>
    pay.mutate({ id: invoice.id, body }, { onSuccess: (result) => { setActing(null); setNotice({ text: result.message }); } });
  const onVoid = (invoice: AdminInvoice, reason: string) =>
    voidInvoice.mutate({ id: invoice.id, reason }, { onSuccess: (result) => { setActing(null); setNotice({ text: result.message }); } });
  const actionError = pay.isError ? pay.error : voidInvoice.isError ? voidInvoice.error : null;

  return (
    <>
      {notice ? (
        <p role="status" className={ui.success}>
          {notice.text}
          {notice.link ? <> <Link to={new URL(notice.link).pathname}>Open the invoice</Link></> : null}
        </p>
      ) : null}
      {creating ? (
        <InvoiceForm saving={issue.isPending} error={issue.isError ? apiErrorMessage(issue.error) : null} onIssue={onIssue} onCancel={() => setCreating(false)} />
      ) : (
        <div className={ui.formActions}>
          <button type="button" className={ui.button} onClick={() => { issue.reset(); setNotice(null); setCreating(true); }}>New invoice</button>
        </div>
      )}
      {acting ? (
        <>
          <InvoiceActions key={acting.id} invoice={acting} busy={pay.isPending || voidInvoice.isPending}
            onPay={(body) => onPay(acting, body)} onVoid={(reason) => onVoid(acting, reason)} onClose={() => setActing(null)} />
          {actionError ? <p role="alert" className={ui.error}>{apiErrorMessage(actionError)}</p> : null}
        </>
      ) : null}
      {invoices.isPending ? <Spinner label="Loading invoices..." /> : invoices.isError ? <ErrorState>Failed to load invoices. Please try again.</ErrorState> : (
        <AdminTable
          caption="Employer invoices, newest first"
          region
          rows={invoices.data}
          rowKey={(invoice) => invoice.id}
          empty="No invoices yet"
          isCurrent={(invoice) => invoice.id === acting?.id}
          columns={[
            { header: 'Invoice', rowHeader: true, cell: (invoice) => <Link to={payPath(invoice)}>{invoice.number}</Link> },
            {
              header: 'Organization', className: ui.wrapAnywhere,
              cell: (invoice) => <>{invoice.organization.name}<span className={ui.muted}> · {invoice.contact.email}</span></>,
            },
            { header: 'Seats', cell: seatsText },
            { header: 'Total', cell: (invoice) => formatMoney(invoice.total, { cents: true }) },
            { header: 'Due', cell: (invoice) => formatDay(invoice.dueOn) },
            { header: 'Status', cell: (invoice) => STATUS[invoice.status] },
            {
              header: 'Actions',
              cell: (invoice) => (invoice.status === 'open' ? (
                <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Settle or void invoice ${invoice.number}`}
                  onClick={() => { pay.reset(); voidInvoice.reset(); setNotice(null); setActing(invoice); }}>Settle or void</button>
              ) : <span className={ui.muted}>None</span>),
            },
          ]}
        />
      )}
    </>
  );
}
