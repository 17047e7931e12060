import type { ReactNode } from 'react';
import { usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Spinner } from '@institute/shared/ui';
import { paypalOptions } from './paypal-options';
import styles from './paypal.module.css';

export const PAYPAL_UNAVAILABLE = 'PayPal could not be loaded. Please try again later.';

function Unavailable() {
  return <p role="alert" className={styles.unavailable}>{PAYPAL_UNAVAILABLE}</p>;
}

function ScriptGate({ children }: { children: ReactNode }) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // The buttons stay an empty box while loading and never report a failed load, so both states are ours to show.
  if (isRejected) return <Unavailable />;
  if (isPending) return <Spinner label="Loading PayPal..." />;
  return <>{children}</>;
}

/** Renders the PayPal buttons only once the SDK is ready; a loading state and a clear failure otherwise. */
export function PayPalGate({ children }: { children: ReactNode }) {
  if (!paypalOptions()) return <Unavailable />;
  return <ScriptGate>{children}</ScriptGate>;
}
