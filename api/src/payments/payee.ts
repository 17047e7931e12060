import type { PayPalConfig } from '../config';
import type { PayPalOrder } from './paypal-types';

/**
 * Whether every purchase unit of an order pays the institute's PayPal account. A browser-made order is written by
 * the buyer's page with the public client id, and PayPal keeps any `payee` it names: a buyer could send the money
 * to an account of their own and still present the order as paid. PayPal reports the payee's merchant id (and
 * email) on every order it returns; an order that reports none, or another account, is not ours to record.
 */
export function paysTheInstitute(order: PayPalOrder, merchant: PayPalConfig['merchant']): boolean {
  const units = order.purchase_units ?? [];
  return units.length > 0 && units.every(({ payee }) => {
    const id = typeof payee?.merchant_id === 'string' ? payee.merchant_id : null;
    if (id) return id === merchant.id;
    const email = typeof payee?.email_address === 'string' ? payee.email_address.toLowerCase() : null;
    return email !== null && merchant.email !== null && email === merchant.email.toLowerCase();
  });
}

/** What the log keeps of a foreign payee (it is the buyer's own data, shown to the institute's staff only). */
export const payeeOf = (order: PayPalOrder) => order.purchase_units?.map((unit) => unit.payee ?? null) ?? [];
