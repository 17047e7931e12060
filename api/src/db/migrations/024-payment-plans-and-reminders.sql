-- Payment plans (issue 30, decision 051): the admin offers plans per course or program, a student's chosen plan is
-- stored as a schedule of dated instalments, and reminders are sent at most once per instalment and kind.

-- What the admin offers: a deposit (0: none) and N monthly instalments, anchored to the session's start or to the
-- day the student chose the plan. Retired plans stay (schedules name them); only active ones are offered.
CREATE TABLE payment_plans (
  id uuid PRIMARY KEY,
  program_id uuid NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  deposit_cents integer NOT NULL CHECK (deposit_cents >= 0),
  instalments integer NOT NULL CHECK (instalments BETWEEN 1 AND 24),
  anchor text NOT NULL CHECK (anchor IN ('session_start', 'enrollment_date')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_plans_name_idx ON payment_plans (program_id, lower(name)) WHERE active;

-- A student's schedule for one balance (a balance is per student and program, decision 043): the plan as it was
-- chosen, and the total it spreads (price - coupon - credits at that moment). One per balance.
CREATE TABLE plan_schedules (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  program_id uuid NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
  plan_id uuid REFERENCES payment_plans (id) ON DELETE SET NULL,
  plan_name text NOT NULL,
  session_id uuid REFERENCES class_sessions (id) ON DELETE SET NULL,
  total_cents integer NOT NULL CHECK (total_cents > 0),
  chosen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, program_id)
);

-- The dated amounts of a schedule; seq 0 is the deposit. What is paid of each is derived (earliest first), never stored.
CREATE TABLE plan_instalments (
  schedule_id uuid NOT NULL REFERENCES plan_schedules (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  due_on date NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  PRIMARY KEY (schedule_id, seq)
);

-- One row per reminder sent: the primary key is the claim. It is inserted in the transaction that queues the email,
-- so two API instances checking at once send one (the second insert conflicts and queues nothing).
CREATE TABLE payment_reminders (
  item_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upcoming', 'overdue')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  program_id uuid REFERENCES programs (id) ON DELETE SET NULL,
  due_on date NOT NULL,
  amount_cents integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_key, kind)
);

