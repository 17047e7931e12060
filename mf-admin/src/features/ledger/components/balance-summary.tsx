import type { LedgerBalance } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import styles from './ledger.module.css';

/** A balance exactly as the server computed it (decision 043): nothing here is added or subtracted. */
export function BalanceSummary({ balance, label }: { balance: LedgerBalance; label: string }) {
  return (
    <dl className={styles.balance} aria-label={label}>
      <div><dt>Price</dt><dd>{formatMoney(balance.price)}</dd></div>
      <div><dt>Paid</dt><dd>{formatMoney(balance.paid)}</dd></div>
      <div><dt>Credits</dt><dd>{formatMoney(balance.credit)}</dd></div>
      <div><dt>Balance due</dt><dd>{formatMoney(balance.due)}</dd></div>
    </dl>
  );
}
