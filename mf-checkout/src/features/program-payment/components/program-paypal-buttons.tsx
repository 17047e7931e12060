import { useState } from 'react';
import { PayPalButtons, type PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { balanceRefusal } from '../../../lib/balance/refusal';
import { captureProgramOrder } from '../api/capture-order';
import { createProgramOrder } from '../api/create-order';
import styles from './program-payment.module.css';

export const CREATE_FAILED = 'Failed to create order';
export const CAPTURE_FAILED = 'Failed to capture order';
export const PAYMENT_SUCCESS = 'Payment successful! You are now enrolled.';
export const PAYPAL_ERROR = 'An error occurred with PayPal';

interface Props {
  programId: string;
  amount: number;
  onPaid(): void;
  /** The server refused the amount on the balance rules: what the page believes is out of date. */
  onRefused(): void;
}

type Handlers = Required<Pick<PayPalButtonsComponentProps, 'createOrder' | 'onApprove' | 'onError'>>;

/** Orders are created and captured by our server, which prices the program and records the payment. */
export function ProgramPayPalButtons({ programId, amount, onPaid, onRefused }: Props) {
  const [error, setError] = useState<string | null>(null);

  const handlers: Handlers = {
    createOrder: async () => {
      setError(null);
      try {
        const response = await createProgramOrder(programId, amount);
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
      try {
        await captureProgramOrder({ orderID: data.orderID, programID: programId });
      } catch {
        setError(CAPTURE_FAILED);
        return;
      }
      window.alert(PAYMENT_SUCCESS);
      onPaid();
    },
    onError: () => window.alert(PAYPAL_ERROR),
  };

  return (
    <>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      <PayPalButtons className={styles.buttons} style={{ layout: 'vertical' }} {...handlers} />
    </>
  );
}
