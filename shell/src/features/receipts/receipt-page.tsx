import { useQuery } from '@tanstack/react-query';
import { paymentsApi, queryKeys } from '@institute/shared/api';
import { Link, useParams } from '@institute/shared/router';
import { formatDate, formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import styles from './receipt.module.css';

type ReceiptData = Awaited<ReturnType<typeof paymentsApi.receipt>>;

/** A payment taken outside PayPal names its method, reference and day (decision 043); PayPal's names its order. */
function paidWith(r: ReceiptData): [string, string][] {
  if (!r.paidBy) return [['PayPal order ID', r.paypalOrderId ?? '']];
  return [
    ['Paid by', r.paidBy.method],
    ...(r.paidBy.reference ? [['Reference', r.paidBy.reference] as [string, string]] : []),
    ['Paid on', formatDate(r.paidBy.paidOn)],
  ];
}

/** /receipts/:id: a printable receipt of one payment; the server shows it to its owner or an admin only. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useQuery({ queryKey: queryKeys.receipt(id), queryFn: () => paymentsApi.receipt(id), retry: false });

  if (receipt.isPending) return <div className={styles.page}><h1 className={styles.title}>Receipt</h1><Spinner label="Loading receipt..." /></div>;
  if (receipt.isError) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Receipt</h1>
        <ErrorState>This receipt could not be found. <Link to="/profile">Back to your profile</Link></ErrorState>
      </div>
    );
  }
  const r = receipt.data;
  const lines: [string, string][] = [
    ['Receipt number', r.receiptNumber],
    ['Date', formatDate(r.issuedAt)],
    // The legal name when the student gave one (issue 31), else the username.
    ['Student', r.student ? `${r.student.legalName || r.student.username} (${r.student.email})` : 'Account removed'],
    ['Program', r.program],
    ['Amount paid', `${formatMoney(r.amount)} ${r.currency}`],
    ...(r.refunded > 0 ? [['Refunded', `${formatMoney(r.refunded)} ${r.currency}`] as [string, string]] : []),
    ...(r.credits ? [['Scholarships and adjustments', `${formatMoney(r.credits)} ${r.currency}`] as [string, string]] : []),
    ['Balance left', r.balanceLeft === null ? 'Unknown' : r.balanceLeft === 0 ? 'Paid in full' : formatMoney(r.balanceLeft)],
    ...paidWith(r),
    // The terms the seat was taken under (issue 29); absent for a payment that bought no seat.
    ...(r.agreement ? [['Enrollment agreement', `Version ${r.agreement.version}, accepted ${formatDate(r.agreement.acceptedAt)}`] as [string, string]] : []),
    ['Status', r.status],
    ...(r.voided ? [['Voided', `${formatDate(r.voided.at)}: ${r.voided.reason}`] as [string, string]] : []),
  ];
  return (
    <div className={styles.page}>
      <article className={styles.sheet} aria-labelledby="receipt-title">
        <div className={styles.header}>
          <h1 id="receipt-title" className={styles.title}>Receipt {r.receiptNumber}</h1>
          <address className={styles.institute}>
            <strong>{r.institute.name}</strong>
            {r.institute.address}<br />
            {r.institute.phone} · {r.institute.email}
          </address>
        </div>
        <dl className={styles.lines}>
          {lines.map(([term, value]) => (
            <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
          ))}
        </dl>
      </article>
      <div className={styles.actions}>
        <button type="button" className={styles.print} onClick={() => window.print()}>Print receipt</button>
        <Link to="/profile" className={styles.back}>Back to your profile</Link>
      </div>
    </div>
  );
}
