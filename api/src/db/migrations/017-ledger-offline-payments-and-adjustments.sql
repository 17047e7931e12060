-- The ledger (issue 30, decision 043): money taken outside PayPal and credits on a student's balance. What a student
-- owes for a program is price - live adjustments - counted payments (api/src/repositories/balances.ts, the one place).

-- Offline payments are payments: the same rows, receipts (the trigger of migration 007 numbers them from the same
-- counter when they are inserted COMPLETED), revenue, lists and balances. They have no PayPal order.
ALTER TABLE payments ALTER COLUMN paypal_order_id DROP NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_flow_check;
ALTER TABLE payments ADD CONSTRAINT payments_flow_check CHECK (flow IN ('buttons', 'redirect', 'client', 'offline'));
ALTER TABLE payments ADD CONSTRAINT payments_order_id_unless_offline CHECK ((flow = 'offline') = (paypal_order_id IS NULL));
-- VOIDED: an offline payment recorded in error; the row stays (never deleted) and counts nowhere.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('CREATED', 'COMPLETED', 'CANCELLED', 'FAILED', 'REJECTED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'VOIDED'));
ALTER TABLE payments
  ADD COLUMN offline_method text CHECK (offline_method IN ('cash', 'check', 'bank_transfer', 'sponsor', 'financing')),
  ADD COLUMN offline_reference text CHECK (char_length(offline_reference) <= 200),
  ADD COLUMN paid_on date,
  ADD COLUMN note text CHECK (char_length(note) <= 1000),
  ADD COLUMN recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The part of an offline payment above the balance the admin chose to keep as a credit (0: it fitted).
  ADD COLUMN excess_credit_cents integer NOT NULL DEFAULT 0 CHECK (excess_credit_cents >= 0 AND excess_credit_cents <= amount_cents),
  ADD COLUMN voided_at timestamptz,
  ADD COLUMN voided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN void_reason text CHECK (char_length(void_reason) <= 500),
  ADD CONSTRAINT payments_offline_details CHECK ((flow = 'offline') = (offline_method IS NOT NULL AND paid_on IS NOT NULL)),
  ADD CONSTRAINT payments_voided CHECK ((status = 'VOIDED') = (voided_at IS NOT NULL AND void_reason IS NOT NULL)),
  ADD CONSTRAINT payments_void_offline_only CHECK (status <> 'VOIDED' OR flow = 'offline');

-- Credits on one student's balance for one program: scholarships, goodwill adjustments, coupon discounts. The kind
-- is open (lowercase word) so other sources of credit add theirs without a migration. Never deleted: voided.
CREATE TABLE balance_adjustments (
  id uuid PRIMARY KEY,
  -- Financial records outlive accounts and catalog entries, as payments do.
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  program_id uuid REFERENCES programs (id) ON DELETE SET NULL,
  program_title text NOT NULL,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,30}$'),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  -- The payment this credit came with (a coupon applied to an order), when there is one.
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  voided_at timestamptz,
  voided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  void_reason text CHECK (char_length(void_reason) <= 500),
  CHECK ((voided_at IS NULL) = (void_reason IS NULL))
);
CREATE INDEX balance_adjustments_balance_idx ON balance_adjustments (user_id, program_id) WHERE voided_at IS NULL;
CREATE INDEX balance_adjustments_created_idx ON balance_adjustments (created_at DESC, id);
