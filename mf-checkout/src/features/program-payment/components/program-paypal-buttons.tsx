import { useRef, useState } from 'react';
import { PayPalButtons, type PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { checkoutApi } from '@institute/shared/api/checkout';
import { balanceRefusal } from '../../../lib/balance/refusal';
import { captureWithRetry, CONFIRMING_TEXT, STILL_CONFIRMING_TEXT } from '../../../lib/capture-retry/capture-retry';
import styles from './program-payment.module.css';

export const CREATE_FAILED = 'Failed to create order';
export const CAPTURE_FAILED = 'Failed to capture order';
export const PAYMENT_SUCCESS = 'Payment successful! You are now enrolled.';
export const PAYPAL_ERROR = 'An error occurred with PayPal';

interface Props {
  programId: string;
  /** The class session whose seat is bought; absent for a program without sessions or a balance payment. */
  sessionId?: string;
  amount: number;
  onPaid(): void;
  /** The server refused the amount on the balance rules: what the page believes is out of date. */
  onRefused(): void;
}

type Handlers = Required<Pick<PayPalButtonsComponentProps, 'createOrder' | 'onApprove' | 'onError'>>;

/**
 * Orders are created and captured by our server, which prices the program and records the payment. A capture
 * whose outcome is unknown is retried for the same order (decision 011), and the next press of the button
 * confirms that order again before any new one is created: a student is never asked to pay twice.
 */
export function ProgramPayPalButtons({ programId, sessionId, amount, onPaid, onRefused }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  /** An approved order whose capture outcome is not known yet. */
  const unsettled = useRef<string | null>(null);
  /** The flow was stopped on purpose (the earlier order was confirmed): PayPal's onError is not an error. */
  const stoppedOnPurpose = useRef(false);

  /** Captures `orderID` on our server, retrying the same order while the outcome is unknown. */
  async function confirm(orderID: string): Promise<'paid' | 'failed' | 'unknown'> {
    unsettled.current = orderID;
    const outcome = await captureWithRetry(() => checkoutApi.captureOrder({ orderID, programID: programId }), {
      onRetry: () => setConfirming(CONFIRMING_TEXT),
    });
    if (outcome.kind === 'unknown') {
      setConfirming(STILL_CONFIRMING_TEXT);
      onRefused(); // re-reads the balance: the server settles the order with PayPal as it answers
      return 'unknown';
    }
    unsettled.current = null;
    setConfirming(null);
    if (outcome.kind === 'failed') {
      setError(CAPTURE_FAILED);
      return 'failed';
    }
    window.alert(PAYMENT_SUCCESS);
    onPaid();
    return 'paid';
  }

  const handlers: Handlers = {
    createOrder: async () => {
      setError(null);
      stoppedOnPurpose.current = false;
      const earlier = unsettled.current;
      if (earlier) {
        // The last order's outcome is unknown: confirm it before creating another.
        setConfirming(CONFIRMING_TEXT);
        const outcome = await confirm(earlier);
        if (outcome !== 'failed') {
          stoppedOnPurpose.current = true;
          throw new Error(outcome === 'paid' ? PAYMENT_SUCCESS : STILL_CONFIRMING_TEXT);
        }
        setError(null);
      }
      try {
        const response = await checkoutApi.createOrder(programId, amount, sessionId);
        if (typeof response?.orderID !== 'string' || !response.orderID) throw new Error('No orderID');
        return response.orderID;
      } catch (cause) {
        const refusal = balanceRefusal(cause);
        const message = refusal ?? CREATE_FAILED;
        setError(message);
        if (refusal) onRefused();
        // Rejecting stops the PayPal flow; the SDK then reports it through onError.
        throw new Error(message);
      }
    },
    onApprove: async (data) => {
      setError(null);
      await confirm(data.orderID);
    },
    onError: () => {
      if (stoppedOnPurpose.current) {
        stoppedOnPurpose.current = false;
        return;
      }
      window.alert(PAYPAL_ERROR);
    },
  };

  return (
    <>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      {confirming ? <p role="status" className={styles.confirming}>{confirming}</p> : null}
      <PayPalButtons className={styles.buttons} style={{ layout: 'vertical' }} {...handlers} />
    </>
  );
}
