-- Student records and certificates (issue 31, decision 046).
-- The legal name (as it goes on receipts and certificates) and a phone number, both the student's to edit; NULL: not given.
ALTER TABLE users ADD COLUMN legal_name text;
ALTER TABLE users ADD COLUMN phone text;

-- The admin's notes on a student: appended, never edited, with author and time.
CREATE TABLE student_notes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX student_notes_user_idx ON student_notes (user_id, created_at DESC, id);

-- One certificate per completed enrollment (the unique enrollment_id makes a second completion issue none).
-- The number is the year's sequence, like receipts; the code is random and public: it is what the verification
-- page is addressed by, so it must not be guessable from the number. Name, course and dates are copied at issue
-- time: a certificate says what was true when it was issued, whatever is renamed later.
CREATE TABLE certificate_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);

CREATE TABLE certificates (
  id uuid PRIMARY KEY,
  enrollment_id uuid NOT NULL UNIQUE REFERENCES enrollments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  number text NOT NULL UNIQUE,
  code text NOT NULL UNIQUE,
  student_name text NOT NULL,
  program_title text NOT NULL,
  credential text,
  total_hours text,
  session_starts_on date,
  session_ends_on date,
  issued_at timestamptz NOT NULL DEFAULT now(),
  issued_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoke_reason text,
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
);
CREATE INDEX certificates_user_idx ON certificates (user_id, issued_at DESC);
CREATE INDEX email_outbox_recipient_idx ON email_outbox (lower(to_email), created_at DESC, id);
