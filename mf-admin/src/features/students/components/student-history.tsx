import { Link } from '@institute/shared/router';
import type { StudentRecord } from '@institute/shared/contract';
import { formatDate, formatMoney } from '@institute/shared/rules';
import { AdminTable } from '../../../components/admin-table';
import { GrowingList } from './growing-list';
import { dateTime } from './date-time';
import ui from '../../../components/admin-ui.module.css';

type Payment = StudentRecord['payments']['items'][number];
type Email = StudentRecord['emails']['items'][number];

/** Payments (PayPal and offline) with their receipts, newest first. */
export function StudentPayments({ record }: { record: StudentRecord }) {
  return (
    <section aria-labelledby="student-payments">
      <h3 id="student-payments" className={ui.subtitle}>Payments</h3>
      <GrowingList record={record} list="payments" noun="payments" render={(items) => (
        <AdminTable<Payment>
          caption={`Payments of ${record.user.username}`}
          rows={items}
          rowKey={(p) => p.id}
          empty="No payments yet."
          columns={[
            { header: 'Date', cell: (p) => formatDate(p.createdAt) },
            { header: 'Program', cell: (p) => p.program, className: ui.wrapAnywhere },
            { header: 'Amount', cell: (p) => `${formatMoney(p.amount)} ${p.currency}${p.refunded > 0 ? ` (refunded ${formatMoney(p.refunded)})` : ''}` },
            { header: 'Status', cell: (p) => p.status },
            { header: 'Receipt', cell: (p) => (p.receiptNumber ? <Link to={`/receipts/${p.id}`}>Receipt {p.receiptNumber}</Link> : '-') },
          ]}
        />
      )} />
    </section>
  );
}

export function StudentAgreements({ record }: { record: StudentRecord }) {
  return (
    <section aria-labelledby="student-agreements">
      <h3 id="student-agreements" className={ui.subtitle}>Agreements accepted</h3>
      {record.agreements.length === 0 ? <p className={ui.muted}>No enrollment agreement accepted yet.</p> : (
        <ul>
          {record.agreements.map((a) => <li key={`${a.version}-${a.acceptedAt}`}>Version {a.version} ({a.title}), accepted {dateTime(a.acceptedAt)}</li>)}
        </ul>
      )}
    </section>
  );
}

export function StudentEmails({ record }: { record: StudentRecord }) {
  return (
    <section aria-labelledby="student-emails">
      <h3 id="student-emails" className={ui.subtitle}>Emails sent</h3>
      <GrowingList record={record} list="emails" noun="emails" render={(items) => (
        <AdminTable<Email>
          caption={`Emails to ${record.user.email}`}
          rows={items}
          rowKey={(e) => e.id}
          empty="No emails yet."
          columns={[
            { header: 'Queued', cell: (e) => dateTime(e.createdAt) },
            { header: 'Email', cell: (e) => e.kind.replace(/[_-]/g, ' ') },
            { header: 'Status', cell: (e) => e.status },
            { header: 'Sent', cell: (e) => (e.sentAt ? dateTime(e.sentAt) : '-') },
          ]}
        />
      )} />
    </section>
  );
}
