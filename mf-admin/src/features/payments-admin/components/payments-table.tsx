import type { Payment } from '@institute/shared/contract';
import { formatDate, formatMoney } from '@institute/shared/rules';
import { paymentDue, paymentPaid, paymentReference } from '../utils/payment-rows';
import { RefundControl } from './refund-control';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

const COLUMNS = ['Payment ID', 'User', 'Program', 'Amount Paid', 'Due Amount', 'Currency', 'PayPal Order ID', 'Status', 'Created At'];

/** Ids are 36-character UUIDs: the first 8 tell rows apart; the full id is in the tooltip and the CSV. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function Due({ payment }: { payment: Payment }) {
  const due = paymentDue(payment);
  if (due === null) return <span className={ui.muted}>Unknown</span>;
  return due === 0 ? <span className={styles.paid}>Paid in Full</span> : <>{formatMoney(due)}</>;
}

function Paid({ payment }: { payment: Payment }) {
  return (
    <>
      {formatMoney(paymentPaid(payment))}
      {payment.status !== 'COMPLETED' ? <span className={`${styles.block} ${ui.muted}`}>Ordered {formatMoney(Number(payment.amount))}</span> : null}
    </>
  );
}

/** Fits the admin content box from 1280 px up (cells wrap, ids are short); below 48rem each row is a card. */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  const cell = (label: string) => ({ 'data-label': label });
  return (
    <div className={`${ui.tableWrap} ${styles.wrap}`}>
      <table className={`${ui.table} ${styles.table}`}>
        <caption>Payments</caption>
        <thead>
          <tr>
            {COLUMNS.map((h) => <th key={h} scope="col">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p._id}>
              <td {...cell('Payment ID')}><span className={styles.code} title={p._id}>{shortId(p._id)}</span></td>
              <td {...cell('User')}>
                {p.user ? (
                  <span className={styles.wrapAnywhere}>
                    <span className={styles.block}>{p.user.username}</span>
                    <span className={`${styles.block} ${ui.muted}`}>{p.user.email}</span>
                  </span>
                ) : (
                  <span className={ui.muted}>Unknown user</span>
                )}
              </td>
              <td {...cell('Program')}>
                {p.program ? (
                  <span className={styles.wrapAnywhere}>
                    <span className={styles.block}>{p.program.title}</span>
                    <span className={`${styles.block} ${ui.muted}`}>{formatMoney(Number(p.program.price))}</span>
                  </span>
                ) : (
                  <span className={ui.muted}>Unknown program</span>
                )}
              </td>
              <td {...cell('Amount Paid')}><span><Paid payment={p} /></span></td>
              <td {...cell('Due Amount')}><span><Due payment={p} /></span></td>
              <td {...cell('Currency')}>{p.currency}</td>
              <td {...cell('PayPal Order ID')}><span className={styles.code}>{paymentReference(p)}</span></td>
              <td {...cell('Status')}>
                <span>
                  <span className={p.status === 'COMPLETED' ? styles.completed : styles.notCompleted}>{p.status}</span>
                  {p.refundDue ? <span className={`${styles.block} ${styles.notCompleted}`}>Refund due: {formatMoney(p.refundDue)}</span> : null}
                  {p.refunded ? <span className={`${styles.block} ${ui.muted}`}>Refunded {formatMoney(p.refunded)}</span> : null}
                  <RefundControl payment={p} />
                </span>
              </td>
              <td {...cell('Created At')}><time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
