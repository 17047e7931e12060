-- One row per PayPal order (decision 007). Money is integer cents; the program's title and price are copied at
-- order time so a row still reads correctly after the program is edited or deleted.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  -- Financial records outlive accounts and catalog entries: deleting either keeps the row, without the link.
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  program_id uuid REFERENCES programs (id) ON DELETE SET NULL,
  program_title text,
  price_cents integer CHECK (price_cents >= 0),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- buttons: created by create-order; redirect: created by POST /payment; client: created and captured in the browser.
  flow text NOT NULL CHECK (flow IN ('buttons', 'redirect', 'client')),
  -- The unique key that makes replays, double clicks and concurrent captures record one payment per order.
  paypal_order_id text NOT NULL UNIQUE,
  paypal_capture_id text,
  payer_id text,
  status text NOT NULL CHECK (status IN ('CREATED', 'COMPLETED', 'CANCELLED', 'FAILED', 'REJECTED')),
  status_reason text,
  -- Set while a capture of this order is in flight at PayPal, so a second order cannot overpay the balance meanwhile.
  capture_claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX payments_user_program_idx ON payments (user_id, program_id, status);
CREATE INDEX payments_created_idx ON payments (created_at DESC, id);
