-- A student's data export and erasure approved by the admin (issue 31, decision 048).
-- An erased account keeps its row (payments, receipts, enrollments and ledger rows point at it), with every
-- personal field replaced; erased_at says so, and sign-in, password reset and sessions skip such a row.
ALTER TABLE users ADD COLUMN erased_at timestamptz;

-- One row per request; at most one open (pending) per student. The number names the erased account
-- ("Erased student #<number>"): short, unique, and saying nothing about the person.
CREATE TABLE erasure_requests (
  id uuid PRIMARY KEY,
  number integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decision_reason text,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'declined' OR decision_reason IS NOT NULL)
);
CREATE UNIQUE INDEX erasure_requests_one_open_idx ON erasure_requests (user_id) WHERE status = 'pending';
CREATE INDEX erasure_requests_requested_idx ON erasure_requests (requested_at DESC, id DESC);

-- Who exported or asked to erase whose data, and who decided: kept after the erasure (it names ids, not people).
CREATE TABLE privacy_log (
  id uuid PRIMARY KEY,
  subject_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('export-json', 'export-csv', 'erasure-requested', 'erasure-approved', 'erasure-declined')),
  request_id uuid REFERENCES erasure_requests (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX privacy_log_subject_idx ON privacy_log (subject_id, created_at DESC);
