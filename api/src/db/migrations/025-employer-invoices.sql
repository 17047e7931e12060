-- Employer invoices (issue 30, decision 052): an organization is billed for several students' seats on one numbered
-- invoice, settled whole by an offline payment or through a PayPal payment link. Each line enrolls one student and
-- puts a credit of kind 'employer_invoice' on that student's balance (balance_adjustments, counted by every balance),
-- so the student owes nothing for the seat: the organization owes it on the invoice. The invoice's money is counted
-- once, by the invoice, in revenue; the credits are not money.

-- INV-<year>-<number>: the year's sequence, its own (receipts and certificates keep theirs).
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  number text NOT NULL UNIQUE,
  -- What the payment link is addressed by: random, never derived from the number (the number is printed on paper).
  pay_code text NOT NULL UNIQUE,
  organization_name text NOT NULL CHECK (char_length(organization_name) BETWEEN 1 AND 200),
  organization_address text NOT NULL CHECK (char_length(organization_address) BETWEEN 1 AND 500),
  contact_name text NOT NULL CHECK (char_length(contact_name) BETWEEN 1 AND 200),
  contact_email text NOT NULL CHECK (char_length(contact_email) BETWEEN 3 AND 254),
  total_cents integer NOT NULL CHECK (total_cents > 0),
  due_on date NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
  issued_by uuid REFERENCES users (id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  -- Settled: by PayPal (the order and capture) or offline (method, reference, the day the money was taken, who).
  paid_at timestamptz,
  paid_via text CHECK (paid_via IN ('paypal', 'offline')),
  paypal_order_id text UNIQUE,
  paypal_capture_id text,
  offline_method text CHECK (offline_method IN ('cash', 'check', 'bank_transfer', 'sponsor', 'financing')),
  offline_reference text CHECK (char_length(offline_reference) <= 200),
  paid_on date,
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The PayPal order being captured now: one capture at a time per invoice, released only once PayPal answered.
  capturing_order_id text,
  voided_at timestamptz,
  voided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  void_reason text CHECK (char_length(void_reason) <= 500),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL AND paid_via IS NOT NULL)),
  CHECK (paid_via IS DISTINCT FROM 'paypal' OR (paypal_order_id IS NOT NULL AND paypal_capture_id IS NOT NULL)),
  CHECK (paid_via IS DISTINCT FROM 'offline' OR (offline_method IS NOT NULL AND paid_on IS NOT NULL)),
  CHECK ((status = 'void') = (voided_at IS NOT NULL AND void_reason IS NOT NULL))
);
CREATE INDEX invoices_issued_idx ON invoices (issued_at DESC, id);

-- One seat per line. Names and titles are copied: an invoice says what was billed, whatever is renamed later.
CREATE TABLE invoice_lines (
  id uuid PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  position integer NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  student_name text NOT NULL,
  program_id uuid REFERENCES programs (id) ON DELETE SET NULL,
  program_title text NOT NULL,
  session_id uuid REFERENCES class_sessions (id) ON DELETE SET NULL,
  session_starts_on date,
  enrollment_id uuid REFERENCES enrollments (id) ON DELETE SET NULL,
  -- Whether the invoice took the seat (false: the student already had it); a void releases only seats it took.
  seat_taken boolean NOT NULL,
  adjustment_id uuid NOT NULL REFERENCES balance_adjustments (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  UNIQUE (invoice_id, position)
);
CREATE UNIQUE INDEX invoice_lines_student_idx ON invoice_lines (invoice_id, user_id);
CREATE INDEX invoice_lines_user_idx ON invoice_lines (user_id);

-- PayPal orders made for an invoice's payment link, always for its total; any of them may be the one captured.
CREATE TABLE invoice_orders (
  paypal_order_id text PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_orders_invoice_idx ON invoice_orders (invoice_id);
