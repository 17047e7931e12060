import { countedCents, creditUntilSql } from '../balances';

/**
 * A claim is "in flight" while a request may still be capturing: claimed less than `claimWindowMs` ago and no
 * unknown outcome noted. Claims never expire into "not captured": past the window, PayPal is asked (decision 011).
 */
const CLAIM_FRESH = `capture_claimed_at IS NOT NULL AND capture_unknown_at IS NULL
  AND capture_claimed_at > now() - $CLAIM_MS::int * interval '1 millisecond'`;
export const claimFresh = (param: number) => CLAIM_FRESH.replace('$CLAIM_MS', `$${param}`);

export const COLUMNS = `p.id, p.user_id AS "userId", p.program_id AS "programId", p.program_title AS "programTitle",
  p.price_cents AS "priceCents", p.amount_cents AS "amountCents", p.currency, p.flow, p.paypal_order_id AS "paypalOrderId",
  p.paypal_capture_id AS "paypalCaptureId", p.payer_id AS "payerId", p.status, p.status_reason AS "statusReason",
  p.capture_claimed_at AS "captureClaimedAt", p.capture_unknown_at AS "captureUnknownAt",
  p.capture_attempted_at AS "captureAttemptedAt", p.refund_due_cents AS "refundDueCents",
  p.refunded_cents AS "refundedCents", p.receipt_number AS "receiptNumber", p.session_id AS "sessionId",
  p.enrollment_id AS "enrollmentId", p.created_at AS "createdAt", p.completed_at AS "completedAt",
  p.offline_method AS "offlineMethod", p.offline_reference AS "offlineReference", to_char(p.paid_on, 'YYYY-MM-DD') AS "paidOn",
  p.note, p.recorded_by AS "recordedBy", p.excess_credit_cents AS "excessCreditCents", p.voided_at AS "voidedAt",
  p.voided_by AS "voidedBy", p.void_reason AS "voidReason"`;

/** Credits of the row's balance when it was made (the receipt's "balance left" reckons with them). */
export const CREDIT_AFTER = (p: string) => `${creditUntilSql(`${p}user_id`, `${p}program_id`, `coalesce(${p}completed_at, ${p}created_at)`)}::int`;

/** A confirmed coupon redemption of p's balance made with p or before it (decision 044). */
export const DISCOUNT_AFTER = `(SELECT coalesce(sum(r.discount_cents), 0) FROM coupon_redemptions r
  WHERE r.user_id = p.user_id AND r.program_id = p.program_id AND r.status = 'confirmed'
    AND (r.payment_id = p.id OR r.confirmed_at <= coalesce(p.completed_at, p.created_at)))::int`;

// The running sum is taken over the whole table before any WHERE, so one row read alone still knows the payments
// of its balance that came before it.
export const LIST = `SELECT * FROM (
  SELECT ${COLUMNS}, u.username, u.email, u.legal_name AS "legalName", pr.title AS "currentTitle", pr.price_cents AS "currentPriceCents",
    (sum(${countedCents('p.')})
      OVER (PARTITION BY p.user_id, p.program_id ORDER BY p.created_at, p.id))::int AS "paidAfterCents",
    ${DISCOUNT_AFTER} AS "discountAfterCents",
    en.agreement_version AS "agreementVersion", en.agreement_accepted_at AS "agreementAcceptedAt",
    ${CREDIT_AFTER('p.')} AS "creditAfterCents"
  FROM payments p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN programs pr ON pr.id = p.program_id
  LEFT JOIN enrollments en ON en.id = p.enrollment_id) AS listed`;
