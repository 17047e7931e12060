import type { Invoice } from '@institute/shared/contract';
import { formatDate, formatMoney, OFFLINE_METHOD_TEXT } from '@institute/shared/rules';
import styles from './invoice.module.css';

export const STATUS_TEXT: Record<Invoice['status'], string> = { open: 'Open', paid: 'Paid', void: 'Void' };

function paidText(paid: NonNullable<Invoice['paid']>): string {
  if (paid.via === 'paypal') return `Paid with PayPal on ${formatDate(paid.at)}`;
  const method = (OFFLINE_METHOD_TEXT as Record<string, string>)[paid.method ?? ''] ?? 'Offline';
  return `Paid by ${method.toLowerCase()}${paid.reference ? ` (${paid.reference})` : ''} on ${formatDate(paid.paidOn ?? paid.at)}`;
}

/** The invoice as it is printed: the institute, who is billed, one line per seat, the total and where it stands. */
export function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const money = (dollars: number) => `${formatMoney(dollars, { cents: true })}`;
  return (
    <article className={styles.sheet} aria-labelledby="invoice-title">
      <div className={styles.header}>
        <h1 id="invoice-title" className={styles.title}>Invoice {invoice.number}</h1>
        <address className={styles.institute}>
          <strong>{invoice.institute.name}</strong>
          {invoice.institute.address}<br />
          {invoice.institute.phone} · {invoice.institute.email}
        </address>
      </div>
      <address className={styles.billTo} aria-label="Bill to">
        <strong>{invoice.organization.name}</strong>
        {invoice.organization.address}<br />
        Attn: {invoice.contact.name} · {invoice.contact.email}
      </address>
      <dl className={styles.facts}>
        <div><dt>Issued</dt><dd>{formatDate(invoice.issuedAt)}</dd></div>
        <div><dt>Due</dt><dd>{formatDate(invoice.dueOn)}</dd></div>
        <div><dt>Status</dt><dd className={styles.status}>{STATUS_TEXT[invoice.status]}</dd></div>
      </dl>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Seats billed on this invoice</caption>
          <thead>
            <tr><th scope="col">Student</th><th scope="col">Course or program</th><th scope="col">Session starts</th><th scope="col" className={styles.amount}>Amount</th></tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={`${line.student}-${line.program}`}>
                <td>{line.student}</td>
                <td>{line.program}</td>
                <td>{line.sessionStartsOn ? formatDate(line.sessionStartsOn) : 'Self-paced'}</td>
                <td className={styles.amount}>{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={styles.total}><th scope="row" colSpan={3}>Total ({invoice.currency})</th><td className={styles.amount}>{money(invoice.total)}</td></tr>
          </tfoot>
        </table>
      </div>
      {invoice.paid && <p className={styles.notice}>{paidText(invoice.paid)}.</p>}
      {invoice.voided && <p className={styles.notice}>Voided on {formatDate(invoice.voided.at)}: {invoice.voided.reason}</p>}
    </article>
  );
}
