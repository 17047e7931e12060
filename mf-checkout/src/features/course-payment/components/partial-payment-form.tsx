import { useId, useState, type FormEvent } from 'react';
import { MIN_PARTIAL, MIN_PARTIAL_TEXT, partialProblem } from '@institute/shared/rules';
import styles from './payment-page.module.css';

export const PARTIAL_TOO_LOW = `Partial payment must be at least ${MIN_PARTIAL_TEXT}`;

interface Props {
  /** The course price, or what is due after a partial payment. */
  max: number;
  /** Shown when the amount is above `max`. */
  tooHighMessage: string;
  busy: boolean;
  /** Nothing may be paid yet (no session chosen, agreement not accepted). */
  disabled?: boolean;
  onPay(amount: number): void;
}

export function PartialPaymentForm({ max, tooHighMessage, busy, disabled = false, onPay }: Props) {
  const inputId = useId();
  const noteId = useId();
  const warnId = useId();
  const [value, setValue] = useState(String(MIN_PARTIAL));
  const amount = value.trim() === '' ? Number.NaN : Number(value);
  const problem = partialProblem(amount, max);
  const tooLow = problem === 'too-low';
  const tooHigh = problem === 'too-high';

  // noValidate: our own checks and messages apply, not the browser's generic ones.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    if (tooLow) {
      window.alert(PARTIAL_TOO_LOW);
      return;
    }
    if (!tooHigh) onPay(amount);
  };

  return (
    <form className={styles.partial} aria-label="Partial payment" noValidate onSubmit={submit}>
      <label htmlFor={inputId}>Partial amount (USD)</label>
      <input
        id={inputId}
        className={styles.input}
        type="number"
        inputMode="decimal"
        min={MIN_PARTIAL}
        max={max}
        step="any"
        value={value}
        aria-describedby={tooHigh ? `${noteId} ${warnId}` : noteId}
        aria-invalid={tooLow || tooHigh}
        onChange={(event) => setValue(event.target.value)}
      />
      <p id={noteId} className={styles.note}>{`Minimum partial payment: ${MIN_PARTIAL_TEXT}`}</p>
      {tooHigh ? <p id={warnId} className={styles.warn}>{tooHighMessage}</p> : null}
      {/* Below the minimum the button reads as disabled (aria-disabled) yet still answers a press with the
          spec's alert, so the visitor learns why; while a payment starts it is truly disabled. */}
      <button type="submit" className={styles.secondary} disabled={busy || disabled} aria-disabled={tooLow || tooHigh}>
        {busy ? 'Processing...' : 'Pay Partial'}
      </button>
    </form>
  );
}
