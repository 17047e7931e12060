import { Link } from '@institute/shared/router';
import type { StudentRecord } from '@institute/shared/contract';
import { formatDate, formatMoney } from '@institute/shared/rules';
import { GrowingList } from './growing-list';
import { dateTime } from './date-time';
import ui from '../../../components/admin-ui.module.css';

/** Payments (PayPal and offline) with their receipts, newest first. */
export function StudentPayments({ record }: { record: StudentRecord }) {
  return (
    <section aria-labelledby="student-payments">
      <h3 id="student-payments" className={ui.subtitle}>Payments</h3>
      <GrowingList record={record} list="payments" noun="payments" render={(items) => (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.cards}`}>
            <caption>Payments of {record.user.username}</caption>
            <thead>
              <tr><th scope="col">Date</th><th scope="col">Program</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Receipt</th></tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <td data-label="Date">{formatDate(p.createdAt)}</td>
                  <td data-label="Program" className={ui.wrapAnywhere}>{p.program}</td>
                  <td data-label="Amount">{formatMoney(p.amount)} {p.currency}{p.refunded > 0 ? ` (refunded ${formatMoney(p.refunded)})` : ''}</td>
                  <td data-label="Status">{p.status}</td>
                  <td data-label="Receipt">{p.receiptNumber ? <Link to={`/receipts/${p.id}`}>Receipt {p.receiptNumber}</Link> : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.cards}`}>
            <caption>Emails to {record.user.email}</caption>
            <thead><tr><th scope="col">Queued</th><th scope="col">Email</th><th scope="col">Status</th><th scope="col">Sent</th></tr></thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td data-label="Queued">{dateTime(e.createdAt)}</td>
                  <td data-label="Email">{e.kind.replace(/[_-]/g, ' ')}</td>
                  <td data-label="Status">{e.status}</td>
                  <td data-label="Sent">{e.sentAt ? dateTime(e.sentAt) : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )} />
    </section>
  );
}
