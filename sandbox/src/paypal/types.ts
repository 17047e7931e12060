export interface Money {
  currency_code: string;
  value: string;
}

/** A purchase unit as the client sent it (validated), plus what capturing adds. */
export interface PurchaseUnit {
  reference_id: string;
  amount: Money & { breakdown?: Record<string, Money> };
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  items?: unknown[];
  shipping?: unknown;
  /** Who the money goes to, as the order's creator named it; none: the client id's own merchant account. */
  payee?: Payee;
  payments?: { captures: Capture[] };
}

export interface Payee {
  email_address?: string;
  merchant_id?: string;
}

export interface Capture {
  id: string;
  /** PayPal moves a capture to PARTIALLY_REFUNDED, then REFUNDED, as refunds add up. */
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  final_capture: true;
  seller_protection: { status: 'ELIGIBLE'; dispute_categories: string[] };
  seller_receivable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

export interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

export interface Order {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: OrderStatus;
  purchaseUnits: PurchaseUnit[];
  clientId: string;
  /** Who created it: the merchant's server (Bearer from /v1/oauth2/token) or the browser SDK stand-in. */
  source: 'server' | 'browser';
  /** True when experience_context asked for the redirect flow: status PAYER_ACTION_REQUIRED, rel payer-action. */
  payerActionFlow: boolean;
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
  payer?: Payer;
  createTime: string;
  updateTime: string;
  /** The buyer pressed "Cancel and return"; PayPal leaves the order as it was, the sandbox notes it for the inbox. */
  buyerCancelledAt?: string;
}

/** The one buyer account of the sandbox; PayPal payer ids are 13 upper-case alphanumerics. */
export const SANDBOX_BUYER: Payer = {
  name: { given_name: 'Sandbox', surname: 'Buyer' },
  email_address: 'buyer@sandbox.example',
  payer_id: 'SANDBOXBUYER1',
  address: { country_code: 'US' },
};

/** A refund of one capture (POST /v2/payments/captures/{id}/refund). */
export interface Refund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  captureId: string;
  orderId: string;
  note_to_payer?: string;
  invoice_id?: string;
  custom_id?: string;
  create_time: string;
  update_time: string;
}
