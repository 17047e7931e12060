import type { AdminPayment, Payment } from '@institute/shared/contract';
import { formatDate, formatMoney } from '@institute/shared/rules';
import { paymentDue, paymentPaid, paymentReference } from '../utils/payment-rows';
import { RefundControl } from './refund-control';
import { AdminTable, type Column } from '../../../components/admin-table';
import { BreakableText } from '../../../components/breakable-text';
import ui from '../../../components/admin-ui.module.css';
import styles from './payments-admin.module.css';

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

/**
 * A name with a detail under it (a student and their email, a program and its price). It wraps at its words and
 * BreakableText's separators first; a part with none (a long username) still breaks rather than widen the table,
 * and the column's minimum width (`.party`) keeps it from being squeezed to a letter a line.
 */
const Party = ({ name, detail }: { name: string; detail: string }) => (
  <span className={ui.wrapAnywhere}>
    <span className={styles.block}><BreakableText text={name} /></span>
    <span className={`${styles.block} ${ui.muted}`}><BreakableText text={detail} /></span>
  </span>
);

function Status({ payment: p }: { payment: Payment }) {
  return (
    <>
      <span className={p.status === 'COMPLETED' ? styles.completed : styles.notCompleted}>{p.status}</span>
      {p.refundDue ? <span className={`${styles.block} ${styles.notCompleted}`}>Refund due: {formatMoney(p.refundDue)}</span> : null}
      {p.refunded ? <span className={`${styles.block} ${ui.muted}`}>Refunded {formatMoney(p.refunded)}</span> : null}
      <RefundControl payment={p} />
    </>
  );
}

export interface LedgerTarget {
  userId: string;
  programId: string;
  username: string;
}

const ledgerTarget = (p: AdminPayment): LedgerTarget | null =>
  (p.user && p.userId && p.programId ? { userId: p.userId, programId: p.programId, username: p.user.username } : null);

/** Opens the student's ledger for this payment's program: record a payment, add a credit, void (issue 30). */
function LedgerButton({ payment, onLedger }: { payment: AdminPayment; onLedger?: ((target: LedgerTarget) => void) | undefined }) {
  const target = ledgerTarget(payment);
  if (!onLedger || !target) return null;
  return (
    <button type="button" className={`${styles.block} ${styles.refund}`} aria-label={`Balance of ${target.username} for ${payment.program?.title ?? 'this program'}`}
      onClick={() => onLedger(target)}>
      Balance
    </button>
  );
}

const columnsOf = (onLedger?: (target: LedgerTarget) => void): Column<AdminPayment>[] => [
  { header: 'Payment ID', cell: (p) => <span className={styles.code} title={p._id}>{shortId(p._id)}</span> },
  { header: 'User', className: styles.party, cell: (p) => (p.user ? <Party name={p.user.username} detail={p.user.email} /> : <span className={ui.muted}>Unknown user</span>) },
  {
    header: 'Program',
    className: styles.party,
    cell: (p) => (p.program ? (
      <>
        <Party name={p.program.title} detail={formatMoney(Number(p.program.price))} />
        <LedgerButton payment={p} onLedger={onLedger} />
      </>
    ) : <span className={ui.muted}>Unknown program</span>),
  },
  { header: 'Amount Paid', cell: (p) => <Paid payment={p} /> },
  { header: 'Due Amount', cell: (p) => <Due payment={p} /> },
  { header: 'Currency', className: styles.narrow, cell: (p) => p.currency },
  { header: 'PayPal Order ID', cell: (p) => <span className={styles.code}>{paymentReference(p)}</span> },
  { header: 'Status', cell: (p) => <Status payment={p} /> },
  { header: 'Created At', className: styles.date, cell: (p) => <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time> },
];

/**
 * Fits the admin content box from 768 px up: names and emails wrap at their separators, never letter by letter, and
 * keep a readable column while the ids, which are codes, give way; below 48rem each row is a card. With
 * `onLedger`, each row opens its student's balance for its program.
 */
export function PaymentsTable({ payments, empty, onLedger }: { payments: AdminPayment[]; empty: string; onLedger?: ((target: LedgerTarget) => void) | undefined }) {
  return <AdminTable caption="Payments" columns={columnsOf(onLedger)} rows={payments} rowKey={(p) => p._id} empty={empty} className={styles.table} />;
}
