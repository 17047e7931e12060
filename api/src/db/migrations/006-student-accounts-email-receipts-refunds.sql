-- Student accounts (issue 18, decision 020): an email outbox, password resets, receipts and refunds.

-- Email outbox: mail is written in the same transaction as what it reports (a payment, a reset request) and sent
-- later by a worker, so a request never fails because mail did and mail is never lost with a rollback.
-- dedupe_key makes "enqueue the receipt of payment X" idempotent. next_attempt_at is both the retry schedule and
-- the worker's lease: a claimed row is pushed into the future, so other API instances skip it while it is sent.
CREATE TABLE email_outbox (
  id uuid PRIMARY KEY,
  dedupe_key text UNIQUE,
  kind text NOT NULL,
  to_email text NOT NULL,
  template_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX email_outbox_failed_idx ON email_outbox (created_at DESC) WHERE status = 'FAILED';

-- Password resets: only a SHA-256 of the emailed token is stored, so a database read cannot reset a password.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- Receipts: one number per COMPLETED payment, sequential per calendar year (UTC), e.g. 2026-000123. The counter
-- row is incremented with an upsert, which locks it until the completing transaction ends: no gaps, no duplicates.
CREATE TABLE receipt_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL CHECK (last_number > 0)
);
ALTER TABLE payments ADD COLUMN receipt_number text UNIQUE;

-- Refunds through PayPal. refunded_cents is the sum of this payment's COMPLETED refunds (kept on the row so every
-- reader of payments sees it without a join); revenue is amount_cents - refunded_cents of settled payments.
ALTER TABLE payments ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0
  CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents);
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('CREATED', 'COMPLETED', 'CANCELLED', 'FAILED', 'REJECTED', 'REFUNDED', 'PARTIALLY_REFUNDED'));

CREATE TABLE payment_refunds (
  id uuid PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES payments (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  paypal_refund_id text UNIQUE,
  -- PENDING while PayPal is being asked (its PayPal-Request-Id is refund-<id>), then PayPal's status.
  status text NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
  reason text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id, created_at);
