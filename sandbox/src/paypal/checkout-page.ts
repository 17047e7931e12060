import { escapeHtml } from '../lib/html';
import type { Order } from './types';

const WHOLE_UNIT_CURRENCIES = new Set(['JPY', 'HUF', 'TWD']);

/** "$1,950.00 USD": grouped like the site's prices (and PayPal's own page), the code after the figure. */
export function amountText(order: Order): string {
  const currency = order.purchaseUnits[0]?.amount.currency_code ?? 'USD';
  const total = order.purchaseUnits.reduce((sum, unit) => sum + Number(unit.amount.value), 0);
  const digits = WHOLE_UNIT_CURRENCIES.has(currency) ? 0 : 2;
  const figure = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(total);
  return `${currency === 'USD' ? '$' : ''}${figure} ${currency}`;
}

/** The buyer's approval page: what is being paid, to whom, and the two choices. No script, plain forms. */
export function checkoutPage(order: Order): string {
  const token = escapeHtml(order.id);
  const descriptions = order.purchaseUnits
    .map((unit) => `<li>${escapeHtml(unit.description ?? 'Payment')} <span class="note">(${escapeHtml(unit.amount.value)} ${escapeHtml(unit.amount.currency_code)})</span></li>`)
    .join('');
  const merchant = order.brandName ? `<p>Merchant: <strong>${escapeHtml(order.brandName)}</strong></p>` : '';
  const state =
    order.status === 'APPROVED' ? '<p class="note">You already approved this payment; paying again only returns you to the merchant.</p>' : '';
  return `<section class="card" aria-labelledby="title">
<p class="note">PayPal sandbox: no real money moves.</p>
<h1 id="title">Pay with PayPal</h1>${merchant}
<p>Amount: <strong data-testid="amount">${escapeHtml(amountText(order))}</strong></p>
<ul>${descriptions}</ul>${state}
<p class="note">Paying as ${escapeHtml('buyer@sandbox.example')}</p>
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${token}"><button class="primary" type="submit">Pay now</button></form>
<form method="post" action="/checkoutnow/cancel"><input type="hidden" name="token" value="${token}"><button type="submit">Cancel and return</button></form>
</section>`;
}

/** return_url?token=ID&PayerID=X, keeping whatever query the merchant put on its URL. */
export function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
