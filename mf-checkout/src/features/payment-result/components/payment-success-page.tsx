import { Link } from '@institute/shared/router';
import { formatPrice } from '@institute/shared/rules';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { CONFIRMING_TEXT, STILL_CONFIRMING_TEXT } from '../../../lib/capture-retry/capture-retry';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation';
import { summarize } from '../types';
import styles from './payment-result.module.css';

/** /payment-success: confirms the payment with the server and shows what was recorded. */
export function PaymentSuccessPage() {
  const { isError, isSuccess, error, data, retry, retrying, stillConfirming } = usePaymentConfirmation();
  const summary = summarize(data);

  return (
    <>
      <Banner title="Payment Successful" />
      <div className={styles.card}>
        <p className={styles.lead}>Thank you for your payment! Your enrollment is being processed.</p>
        {/* Also before the first post starts, so the page never flashes an empty state. */}
        {!isError && !isSuccess ? <Spinner label={retrying ? CONFIRMING_TEXT : 'Processing your payment...'} /> : null}
        {/* The outcome is unknown, not failed: PayPal may hold the money, and the server settles it with PayPal. */}
        {stillConfirming ? (
          <>
            <p role="status" className={styles.lead}>{STILL_CONFIRMING_TEXT}</p>
            <button type="button" className={styles.primary} onClick={retry}>Check again</button>
          </>
        ) : null}
        {isError && !stillConfirming ? (
          <>
            <ErrorState>We could not confirm your payment: {error.message}</ErrorState>
            <button type="button" className={styles.primary} onClick={retry}>Try again</button>
          </>
        ) : null}
        {summary ? (
          <dl className={styles.summary} aria-label="Payment summary">
            <dt>Amount paid</dt>
            <dd>${formatPrice(summary.amountPaid)}</dd>
            {summary.due !== null ? (
              <>
                <dt>Due amount</dt>
                <dd>{summary.due > 0 ? `$${formatPrice(summary.due)}` : 'Paid in Full'}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <Link to="/" className={styles.link}>Back to home</Link>
      </div>
    </>
  );
}
