-- Coupon codes (issue 30): a discount on a course's or quick program's price, given at checkout and checked on the
-- server. A code is stored upper-case and matched in any case; it is never deleted (redemptions name it), only
-- deactivated.
CREATE TABLE coupons (
  id uuid PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  description text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
  -- percent: 1-100 of the price; amount: cents taken off.
  percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
  amount_off_cents integer CHECK (amount_off_cents > 0),
  -- Valid from the first moment of starts_on to the last of ends_on (UTC days); NULL: no bound.
  starts_on date,
  ends_on date,
  -- NULL: no limit.
  max_redemptions integer CHECK (max_redemptions > 0),
  max_per_student integer CHECK (max_per_student > 0),
  -- false: only the programs listed in coupon_programs.
  all_programs boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'percent') = (percent_off IS NOT NULL) AND (kind = 'amount') = (amount_off_cents IS NOT NULL)),
  CHECK (ends_on IS NULL OR starts_on IS NULL OR ends_on >= starts_on)
);
CREATE UNIQUE INDEX coupons_code_idx ON coupons (code);
CREATE INDEX coupons_created_idx ON coupons (created_at, id);

CREATE TABLE coupon_programs (
  coupon_id uuid NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  program_id uuid NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
  PRIMARY KEY (coupon_id, program_id)
);

-- One student's use of a coupon on one program's balance. 'held' while the student checks out (hold_expires_at,
-- like a seat hold: an abandoned order stops counting when its hold expires, with no sweeper); 'confirmed' in the
-- transaction that records the payment (or the free enrollment); 'released' when the order is cancelled or another
-- code replaces it. Uses are counted under the coupon's row lock (SELECT ... FOR UPDATE), so two students cannot
-- both take the last one.
CREATE TABLE coupon_redemptions (
  id uuid PRIMARY KEY,
  coupon_id uuid NOT NULL REFERENCES coupons (id),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  program_id uuid REFERENCES programs (id) ON DELETE SET NULL,
  discount_cents integer NOT NULL CHECK (discount_cents > 0),
  status text NOT NULL CHECK (status IN ('held', 'confirmed', 'released')),
  hold_expires_at timestamptz,
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  CHECK (status <> 'held' OR hold_expires_at IS NOT NULL)
);
-- One coupon per student and program balance at a time.
CREATE UNIQUE INDEX coupon_redemptions_one_idx ON coupon_redemptions (user_id, program_id) WHERE status IN ('held', 'confirmed');
CREATE INDEX coupon_redemptions_coupon_idx ON coupon_redemptions (coupon_id, status);
