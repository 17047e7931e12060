import { useId } from 'react';
import { MIN_PARTIAL } from '@institute/shared/rules';
import styles from './program-payment.module.css';

interface Props {
  /** The price, or what is due after a partial payment. */
  max: number;
  value: string;
  error: string | null;
  onChange(value: string): void;
}

export function PartialAmountField({ max, value, error, onChange }: Props) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>Amount to pay now (USD)</label>
      <input
        id={inputId}
        className={styles.input}
        type="number"
        inputMode="decimal"
        min={MIN_PARTIAL}
        max={max}
        step="any"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <p id={errorId} className={styles.error}>{error}</p> : null}
    </div>
  );
}
