import { formatMoney } from '@institute/shared/rules';
import styles from './balance.module.css';

export const ALREADY_PAID = 'You have already paid for this course. We will contact you shortly.';
export const CHECKING = 'Checking your enrollment...';

/** Replaces every payment option once the program is paid in full. */
export function AlreadyPaid() {
  return <p role="status" className={styles.paid}>{ALREADY_PAID}</p>;
}

export function PaidSoFar({ paid, due }: { paid: number; due: number }) {
  return <p className={styles.note}>Paid so far: {formatMoney(paid)}. Remaining: {formatMoney(due)}.</p>;
}
