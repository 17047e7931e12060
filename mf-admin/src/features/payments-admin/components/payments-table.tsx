import type { Payment } from '@institute/shared/contract';
import { formatDate, formatPrice } from '@institute/shared/rules';
import { paymentDue } from '../api/payment-rows';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

const money = (value: number) => `$${formatPrice(value)}`;

function Due({ payment }: { payment: Payment }) {
  const due = paymentDue(payment);
  if (due === null) return <span className={ui.muted}>Unknown</span>;
  return due === 0 ? <span className={styles.paid}>Paid in Full</span> : <>{money(due)}</>;
}

export function PaymentsTable({ payments }: { payments: Payment[] }) {
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table}>
        <caption>Payments</caption>
        <thead>
          <tr>
            {['Payment ID', 'User', 'Program', 'Amount Paid', 'Due Amount', 'Currency', 'PayPal Order ID', 'Status', 'Created At'].map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p._id}>
              <td className={styles.code}>{p._id}</td>
              <td>
                {p.user ? (
                  <>
                    <span className={styles.block}>{p.user.username}</span>
                    <span className={`${styles.block} ${ui.muted}`}>{p.user.email}</span>
                  </>
                ) : (
                  <span className={ui.muted}>Unknown user</span>
                )}
              </td>
              <td>
                {p.program ? (
                  <>
                    <span className={styles.block}>{p.program.title}</span>
                    <span className={`${styles.block} ${ui.muted}`}>{money(Number(p.program.price))}</span>
                  </>
                ) : (
                  <span className={ui.muted}>Unknown program</span>
                )}
              </td>
              <td>{money(Number(p.amount))}</td>
              <td><Due payment={p} /></td>
              <td>{p.currency}</td>
              <td className={styles.code}>{p.paypalOrderId}</td>
              <td>
                <span className={p.status === 'COMPLETED' ? styles.completed : styles.notCompleted}>{p.status}</span>
                {p.refundDue ? <span className={`${styles.block} ${styles.notCompleted}`}>Refund due: {money(p.refundDue)}</span> : null}
              </td>
              <td><time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
