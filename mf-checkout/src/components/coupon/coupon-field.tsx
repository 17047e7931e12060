import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, couponsApi, queryKeys } from '@institute/shared/api';
import type { AppliedCoupon } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import styles from './coupon.module.css';

export const COUPON_FIELD_TEXT = {
  label: 'Coupon code',
  apply: 'Apply',
  applying: 'Applying...',
  remove: 'Remove coupon',
  empty: 'Enter a coupon code.',
  price: 'Price',
  discount: (code: string) => `Coupon ${code}`,
  left: 'Left to pay',
} as const;

interface Props {
  programId: string;
  /** The list price, in dollars. */
  price: number;
  /** Already paid, in dollars (a balance being paid in parts). */
  paid: number;
  /** The coupon the server counts in this balance, from the check call. */
  coupon: AppliedCoupon | undefined;
  /** Nothing may change while a payment starts. */
  disabled?: boolean;
}

/**
 * A labelled "Coupon code" field with Apply (issue 30). The server checks the code and holds one use of it for this
 * student's balance; the price, the discount and what is left to pay are then shown from the server's balance,
 * which every payment button reads too. Its refusals (expired, used up, not for this course...) are shown as sent.
 */
export function CouponField({ programId, price, paid, coupon, disabled = false }: Props) {
  const inputId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.payments });
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      setCode('');
      await refresh();
    } catch (cause) {
      setError(apiErrorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(COUPON_FIELD_TEXT.empty);
      return;
    }
    void run(() => couponsApi.apply(code.trim(), programId));
  };

  const left = coupon ? Math.max(price - coupon.discount - paid, 0) : null;
  return (
    <div className={styles.coupon}>
      {coupon && left !== null ? (
        <>
          <dl className={styles.summary} aria-label="Price with coupon">
            <dt>{COUPON_FIELD_TEXT.price}</dt><dd>{formatMoney(price)}</dd>
            <dt>{COUPON_FIELD_TEXT.discount(coupon.code)}</dt><dd>−{formatMoney(coupon.discount)}</dd>
            {paid > 0 ? <><dt>Paid so far</dt><dd>{formatMoney(paid)}</dd></> : null}
            <dt>{COUPON_FIELD_TEXT.left}</dt><dd>{formatMoney(left)}</dd>
          </dl>
          {coupon.confirmed ? null : (
            <div className={styles.row}>
              <button type="button" className={styles.button} disabled={busy || disabled} onClick={() => void run(() => couponsApi.remove(programId))}>
                {COUPON_FIELD_TEXT.remove}
              </button>
            </div>
          )}
        </>
      ) : (
        <form aria-label="Coupon" noValidate onSubmit={apply}>
          <label htmlFor={inputId}>{COUPON_FIELD_TEXT.label}</label>
          <div className={styles.row}>
            <input
              id={inputId}
              className={styles.input}
              autoComplete="off"
              maxLength={32}
              value={code}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <button type="submit" className={styles.button} disabled={busy || disabled}>
              {busy ? COUPON_FIELD_TEXT.applying : COUPON_FIELD_TEXT.apply}
            </button>
          </div>
        </form>
      )}
      {error ? <p id={errorId} role="alert" className={styles.error}>{error}</p> : null}
    </div>
  );
}
