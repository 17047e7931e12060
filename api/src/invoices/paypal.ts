import type { AppConfig } from '../config';
import type { Queryable } from '../db/db';
import { badGateway, badRequest, conflict, notFound, unprocessable } from '../lib/http-errors';
import { centsToValue, dollarsToCents, formatDollars, valueToCents } from '../lib/money';
import type { PaymentDeps } from '../payments/deps';
import { PayPalError, PROVIDER_TEXT } from '../payments/paypal-error';
import type { PayPalOrder } from '../payments/paypal-types';
import { payeeOf, paysTheInstitute } from '../payments/payee';
import { returnBase } from '../payments/return-url';
import { ORDER_ID } from '../payments/orders';
import { CURRENCY } from '../payments/rules';
import { PAY_CODE_PATTERN, type InvoiceRecord } from '../repositories/invoices';
import { markLinesPaid, requireOpen } from './service';
import { INVOICE_TEXT } from './texts';

type Transactional = { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

const approvalLink = (order: PayPalOrder) =>
  order.links?.find((l) => l.rel === 'payer-action')?.href ?? order.links?.find((l) => l.rel === 'approve')?.href ?? null;

/**
 * The payment link of an employer invoice (decision 052): the contact pays the invoice's total through PayPal's
 * redirect flow. The server creates every order for exactly the total; a capture claims the invoice first, so two
 * captures at once (two tabs, a double click) take the money once: the same order's capture is PayPal's one
 * capture (same PayPal-Request-Id), another order of the same invoice is refused before PayPal hears of it.
 */
export function invoicePayments(deps: PaymentDeps, config: Pick<AppConfig, 'siteUrl' | 'siteOrigins' | 'institute'>, db: Transactional) {
  const { invoices } = deps.repos;

  async function byCode(code: string): Promise<InvoiceRecord> {
    const invoice = PAY_CODE_PATTERN.test(code) ? await invoices.byCode(code) : null;
    if (!invoice) throw notFound(INVOICE_TEXT.notFound);
    return invoice;
  }

  /** Records a completed capture of the invoice's total: paid once, the seats paid in full, in one transaction. */
  async function settle(invoice: InvoiceRecord, orderId: string, order: PayPalOrder): Promise<InvoiceRecord> {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    const cents = valueToCents(capture?.amount?.value);
    const matches = order.status === 'COMPLETED' && capture?.status === 'COMPLETED' && typeof capture.id === 'string'
      && cents === invoice.totalCents && capture.amount?.currency_code === CURRENCY && paysTheInstitute(order, deps.paypal.merchant);
    if (!matches) {
      await invoices.releaseCapture(invoice.id, orderId);
      deps.log.error({ orderId, invoice: invoice.number, status: order.status, capture, payee: payeeOf(order) }, 'invoice payment does not match: not recorded');
      throw unprocessable(INVOICE_TEXT.mismatch);
    }
    await db.transaction(async (tx) => {
      if (await invoices.settleByPayPal(tx, invoice.id, orderId, capture.id!)) await markLinesPaid(deps.repos, tx, invoice, null);
    });
    return (await invoices.byId(invoice.id))!;
  }

  return {
    byCode,

    /** A PayPal order for the invoice's total; an amount that is not the total is refused before PayPal hears of it. */
    async createOrder(code: string, amount: number, origin: string | undefined): Promise<{ orderID: string; approvalUrl: string }> {
      const invoice = await byCode(code);
      requireOpen(invoice);
      if (dollarsToCents(amount) !== invoice.totalCents) throw badRequest(INVOICE_TEXT.amountTampered(formatDollars(invoice.totalCents)));
      const page = `${returnBase(config, origin)}/invoices/${invoice.payCode}/pay`;
      const order = await deps.paypal.createOrder({
        intent: 'CAPTURE',
        purchase_units: [{
          reference_id: invoice.id,
          custom_id: invoice.number,
          description: `Invoice ${invoice.number} from ${config.institute.name}`.slice(0, 127),
          amount: { currency_code: CURRENCY, value: centsToValue(invoice.totalCents) },
        }],
        payment_source: {
          paypal: { experience_context: { return_url: page, cancel_url: `${page}?cancelled=1`, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' } },
        },
      }, `create-invoice-${invoice.id}-${Date.now()}`);
      const approvalUrl = approvalLink(order);
      if (typeof order.id !== 'string' || !ORDER_ID.test(order.id) || !approvalUrl) throw badGateway(PROVIDER_TEXT.unavailable);
      await invoices.addOrder(invoice.id, order.id, invoice.totalCents);
      return { orderID: order.id, approvalUrl };
    },

    /** Captures an approved order of the invoice and records it; again (a reload, a second tab) answers the same. */
    async capture(code: string, orderId: string): Promise<InvoiceRecord> {
      const invoice = await byCode(code);
      const order = await invoices.order(orderId);
      if (!order || order.invoiceId !== invoice.id) throw notFound(INVOICE_TEXT.orderNotFound);
      if (invoice.status === 'paid' && invoice.paypalOrderId === orderId) return invoice;
      requireOpen(invoice);
      if (!(await invoices.claimCapture(invoice.id, orderId))) {
        const now = (await invoices.byId(invoice.id))!;
        if (now.status === 'paid' && now.paypalOrderId === orderId) return now;
        requireOpen(now);
        throw conflict(INVOICE_TEXT.captureInFlight);
      }
      let captured: PayPalOrder;
      try {
        captured = await deps.paypal.captureOrder(orderId, `capture-${orderId}`);
      } catch (error) {
        if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
          captured = await deps.paypal.getOrder(orderId);
        } else {
          // Refused by PayPal (not approved, declined): no money moved, another try may go ahead. An unknown outcome
          // keeps the claim: only this order's capture, which PayPal makes once, may settle the invoice then.
          if (error instanceof PayPalError && error.kind === 'refused') {
            await invoices.releaseCapture(invoice.id, orderId);
            throw unprocessable(INVOICE_TEXT.notCaptured);
          }
          throw error;
        }
      }
      return settle(invoice, orderId, captured);
    },
  };
}

export type InvoicePayments = ReturnType<typeof invoicePayments>;
