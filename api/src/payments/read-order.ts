import { orderIdOf, type PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { PayPalError } from './paypal-error';
import type { PayPalOrder } from './paypal-types';

/** PayPal's view of one of our orders; null when PayPal does not know it (404). */
export async function readOrder(deps: PaymentDeps, row: PaymentRecord): Promise<PayPalOrder | null> {
  try {
    return await deps.paypal.getOrder(orderIdOf(row));
  } catch (error) {
    if (error instanceof PayPalError && error.kind === 'refused' && error.providerStatus === 404) return null;
    throw error;
  }
}

/** The row as stored now (another request may have settled it meanwhile). */
export async function fresh({ repos }: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  return (await repos.payments.byOrderId(orderIdOf(row))) ?? row;
}
