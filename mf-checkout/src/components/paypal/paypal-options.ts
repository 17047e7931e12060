import type { ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { getConfig } from '@institute/shared/config';
import { CURRENCY } from '@institute/shared/rules';

/**
 * The SDK options from `config.json`. `sdkBaseUrl` points the script at the local sandbox in development
 * and tests; production leaves it unset. No config means no PayPal, never a guessed client id.
 */
export function paypalOptions(): ReactPayPalScriptOptions | null {
  const paypal = getConfig().paypal;
  if (!paypal?.clientId) return null;
  return {
    clientId: paypal.clientId,
    currency: CURRENCY,
    intent: 'capture',
    ...(paypal.sdkBaseUrl ? { sdkBaseUrl: paypal.sdkBaseUrl } : {}),
  };
}
