/**
 * The parts of PayPal's Orders v2 and webhook bodies the API reads. Everything is optional: these are foreign
 * data, checked field by field where they are used, never trusted for their shape.
 */
export interface PayPalMoney {
  currency_code?: string;
  value?: string;
}

export interface PayPalLink {
  href?: string;
  rel?: string;
  method?: string;
}

export interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: PayPalMoney;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: PayPalLink[];
}

/** A refund (GET /v2/payments/refunds/{id}); its link rel "up" is the capture it refunds. */
export interface PayPalRefund {
  id?: string;
  status?: string;
  amount?: PayPalMoney;
  /** What the refund request said; ours carry our payment_refunds id (decision 020). */
  custom_id?: string;
  links?: PayPalLink[];
}

export interface PayPalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount?: PayPalMoney;
  /** The account paid: PayPal reports it on every order, as the creator named it or the client id's own. */
  payee?: { email_address?: string; merchant_id?: string };
  /** Orders v2 lists a capture's refunds beside it. */
  payments?: { captures?: PayPalCapture[]; refunds?: PayPalRefund[] };
}

export interface PayPalOrder {
  id?: string;
  intent?: string;
  status?: string;
  purchase_units?: PayPalPurchaseUnit[];
  payer?: { payer_id?: string };
  links?: PayPalLink[];
}

export interface PayPalWebhookEvent {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: PayPalOrder & PayPalCapture;
}

/** The transmission headers PayPal sends with each webhook delivery, as verify-webhook-signature wants them. */
export interface WebhookTransmission {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
}

/** What create-order sends (decision 007 and the payments contract). */
export interface CreateOrderBody {
  intent: 'CAPTURE';
  purchase_units: {
    reference_id: string;
    custom_id: string;
    description: string;
    amount: { currency_code: string; value: string };
  }[];
  payment_source?: {
    paypal: {
      experience_context: { return_url: string; cancel_url: string; user_action: 'PAY_NOW'; shipping_preference: 'NO_SHIPPING' };
    };
  };
}
