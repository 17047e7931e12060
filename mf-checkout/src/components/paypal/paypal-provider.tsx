import { useState, type ReactNode } from 'react';
import { PayPalScriptProvider } from '@paypal/react-paypal-js';
import { paypalOptions } from './paypal-options';

/**
 * Each checkout widget brings its own provider, so it works wherever it is rendered (another remote
 * included). The loader reuses an identical script already on the page, so two providers load it once.
 */
export function CheckoutPayPalProvider({ children }: { children: ReactNode }) {
  // Read once: the provider itself only reads its options on first render.
  const [options] = useState(paypalOptions);
  if (!options) return <>{children}</>;
  return <PayPalScriptProvider options={options}>{children}</PayPalScriptProvider>;
}
