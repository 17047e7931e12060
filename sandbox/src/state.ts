import type { Order, Refund } from './paypal/types';

export interface TokenRecord {
  /** Server tokens come from /v1/oauth2/token; browser tokens are minted for the JS SDK stand-in. */
  kind: 'server' | 'browser';
  clientId: string;
  expiresAt: number;
}

export interface EmailRecord {
  id: string;
  endpoint: 'send' | 'send-form';
  service_id: string;
  template_id: string;
  user_id: string;
  template_params: Record<string, unknown>;
  lib_version?: string;
  attachments: { field: string; filename: string; bytes: number }[];
  received_at: string;
}

export interface UploadRecord {
  public_id: string;
  version: number;
  format: string;
  width: number;
  height: number;
  bytes: number;
  original_filename: string;
  upload_preset: string;
  secure_url: string;
  created_at: string;
  data: Buffer;
}

export interface WebhookRecord {
  event_id: string;
  event_type: string;
  url: string;
  transmission_id: string;
  transmission_time: string;
  transmission_sig: string;
  cert_url: string;
  auth_algo: string;
  body: string;
  /** pending: first attempt running; retrying: an attempt failed and another is scheduled; suppressed: webhooks
   *  were turned off (POST /__control/paypal {"webhooks": false}) and it was never sent. */
  status: 'pending' | 'retrying' | 'delivered' | 'failed' | 'suppressed';
  /** Delivery attempts made so far. */
  attempts: number;
  response_status?: number;
  error?: string;
}

/** PayPal faults the tests switch on through POST /__control/paypal. */
/** EmailJS sends told to fail (POST /__control/emailjs); with `templateId`, only sends of that template count. */
export interface EmailFailures {
  remaining: number;
  status: number;
  text: string;
  templateId?: string;
}

export interface PayPalFaults {
  /** The next n captures complete at PayPal but their answer never reaches the caller. */
  dropCaptureResponses: number;
  /** How a dropped answer is lost: the socket is destroyed, or nothing is sent until the caller gives up. */
  dropMode: 'destroy' | 'hang';
  /** Every PayPal REST answer (/v1, /v2) waits this long first. */
  delayMs: number;
  /** false: events are recorded as suppressed and never delivered. */
  webhooks: boolean;
}

export const NO_FAULTS: PayPalFaults = { dropCaptureResponses: 0, dropMode: 'destroy', delayMs: 0, webhooks: true };

/** Everything the sandbox remembers; in memory only, one instance per buildSandbox(). */
export class SandboxState {
  readonly tokens = new Map<string, TokenRecord>();
  readonly orders = new Map<string, Order>();
  readonly refunds = new Map<string, Refund>();
  /** PayPal-Request-Id replays: key -> the serialized first response. */
  readonly replays = new Map<string, string>();
  readonly webhooks: WebhookRecord[] = [];
  readonly emails: EmailRecord[] = [];
  readonly uploads = new Map<string, UploadRecord>();
  emailFailures: EmailFailures = { remaining: 0, status: 500, text: '' };
  captureFailures = { remaining: 0, issue: 'INSTRUMENT_DECLINED' };
  paypalFaults: PayPalFaults = { ...NO_FAULTS };

  /** Forgets orders, mail, uploads, webhooks and pending failures; tokens survive so a running API keeps working. */
  reset(): void {
    this.orders.clear();
    this.refunds.clear();
    this.replays.clear();
    this.webhooks.length = 0;
    this.emails.length = 0;
    this.uploads.clear();
    this.emailFailures = { remaining: 0, status: 500, text: '' };
    this.captureFailures = { remaining: 0, issue: 'INSTRUMENT_DECLINED' };
    this.paypalFaults = { ...NO_FAULTS };
  }
}
