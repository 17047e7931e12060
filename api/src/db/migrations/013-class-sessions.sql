-- Class sessions (issue 29, decision 036): a course or quick program is sold as a place in a dated class. Named
-- "class sessions" so they are never confused with sign-in sessions (migration 005).
CREATE TABLE class_sessions (
  id uuid PRIMARY KEY,
  -- Courses and quick programs share the programs table; the kind tells which the API names it (courseId/programId).
  program_id uuid NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  schedule text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('online', 'in_person', 'hybrid')),
  address text,
  -- NULL: unlimited.
  seats integer CHECK (seats IS NULL OR seats > 0),
  enrollment_deadline date NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on),
  CHECK (enrollment_deadline <= ends_on),
  CHECK (mode = 'online' OR address IS NOT NULL)
);
CREATE INDEX class_sessions_program_idx ON class_sessions (program_id, starts_on, id);

-- An enrollment is a record of one student's place in one session. 'pending' is a seat held while a payment is
-- open (hold_expires_at); an expired pending row no longer takes a seat and is reused by the student's next hold.
-- Seats taken = enrollments in a seat-taking status + pending ones whose hold has not expired, counted while the
-- session's row is locked (FOR UPDATE), so two payments can never both take the last seat.
CREATE TABLE enrollments (
  id uuid PRIMARY KEY,
  -- A deleted session (its course deleted) leaves the record with its copied title and dates.
  session_id uuid REFERENCES class_sessions (id) ON DELETE SET NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  program_title text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'enrolled', 'paid_in_full', 'withdrawn', 'transferred', 'completed')),
  hold_expires_at timestamptz,
  -- The agreement version the student had accepted when the seat was taken (migration 014 stores the versions).
  agreement_version integer,
  agreement_accepted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'pending' OR hold_expires_at IS NOT NULL)
);
-- One live place per student and session: a second payment for it is a balance payment, not a second seat.
CREATE UNIQUE INDEX enrollments_one_place_idx ON enrollments (session_id, user_id)
  WHERE status IN ('pending', 'enrolled', 'paid_in_full', 'completed');
CREATE INDEX enrollments_user_idx ON enrollments (user_id, created_at);
CREATE INDEX enrollments_session_status_idx ON enrollments (session_id, status);

-- Every change of an enrollment's status: who (null: the system, e.g. a payment or a refund) and when.
CREATE TABLE enrollment_events (
  id uuid PRIMARY KEY,
  enrollment_id uuid NOT NULL REFERENCES enrollments (id) ON DELETE CASCADE,
  status text NOT NULL,
  by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  note text,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX enrollment_events_enrollment_idx ON enrollment_events (enrollment_id, at, id);

-- A payment for a session names it: the capture turns that payment's held seat into the enrollment.
ALTER TABLE payments ADD COLUMN session_id uuid REFERENCES class_sessions (id) ON DELETE SET NULL;
ALTER TABLE payments ADD COLUMN enrollment_id uuid REFERENCES enrollments (id) ON DELETE SET NULL;
CREATE INDEX payments_enrollment_idx ON payments (enrollment_id) WHERE enrollment_id IS NOT NULL;

-- The waitlist of a full session, in the admin's order (position). When a seat frees, the first waiting student
-- is offered it: an emailed link whose token is stored only as a SHA-256, holding the seat until offer_expires_at.
CREATE TABLE waitlist_entries (
  id uuid PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES class_sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position integer NOT NULL,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'enrolled', 'left', 'expired')),
  offer_token_hash text UNIQUE,
  offer_expires_at timestamptz,
  joined_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'offered' OR offer_expires_at IS NOT NULL)
);
CREATE UNIQUE INDEX waitlist_entries_once_idx ON waitlist_entries (session_id, user_id) WHERE status IN ('waiting', 'offered');
CREATE INDEX waitlist_entries_session_idx ON waitlist_entries (session_id, status, position);
