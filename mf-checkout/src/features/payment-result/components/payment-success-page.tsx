import { Link } from '@institute/shared/router';
import { formatMoney } from '@institute/shared/rules';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { CONFIRMING_TEXT, STILL_CONFIRMING_TEXT } from '../../../lib/capture-retry/capture-retry';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation';
import { AgreementToConfirm } from './agreement-to-confirm';
import { summarize, type PaymentResult } from '../payment-summary';
import styles from './payment-result.module.css';

export const SUCCESS_TITLE = 'Payment Successful';
export const SUCCESS_TEXT = 'Thank you for your payment! Your enrollment is being processed.';
export const CONFIRMING_TITLE = 'Confirming your payment';
export const PENDING_TITLE = 'Payment pending';
export const FAILED_TITLE = 'Payment not confirmed';

/** Success only when the server recorded the money (COMPLETED); a pending or failed confirmation never says so. */
const completed = (data: PaymentResult | undefined) => data?.payment?.status === 'COMPLETED';

function Summary({ data }: { data: PaymentResult | undefined }) {
  const summary = summarize(data);
  if (!summary) return null;
  return (
    <dl className={styles.summary} aria-label="Payment summary">
      <dt>Amount paid</dt>
      <dd>{formatMoney(summary.amountPaid)}</dd>
      {summary.due !== null ? (
        <>
          <dt>Due amount</dt>
          <dd>{summary.due > 0 ? formatMoney(summary.due) : 'Paid in Full'}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** /payment-success: confirms the payment with the server and says what it recorded, and only that. */
export function PaymentSuccessPage() {
  const { isError, isSuccess, error, data, retry, retrying, stillConfirming, agreementOwed } = usePaymentConfirmation();
  const title = isSuccess
    ? completed(data) ? SUCCESS_TITLE : PENDING_TITLE
    : isError && !stillConfirming ? FAILED_TITLE : CONFIRMING_TITLE;

  return (
    <>
      <Banner title={title} />
      <div className={styles.card}>
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
            {agreementOwed
              ? <AgreementToConfirm onConfirm={retry} />
              : <button type="button" className={styles.primary} onClick={retry}>Try again</button>}
          </>
        ) : null}
        {isSuccess && completed(data) ? (
          <>
            <p className={styles.lead}>{SUCCESS_TEXT}</p>
            <Summary data={data} />
          </>
        ) : null}
        {/* PayPal accepted the capture but has not finished it: the server's own words, and nothing counted yet. */}
        {isSuccess && !completed(data) ? (
          <>
            <p role="status" className={styles.lead}>{data?.message || 'PayPal is still processing this payment.'}</p>
            <button type="button" className={styles.primary} onClick={retry}>Check again</button>
          </>
        ) : null}
        <Link to="/" className={styles.link}>Back to home</Link>
      </div>
    </>
  );
}
