-- Advising slots (issue 31, decision 045): hours the admin publishes and the visitors' bookings of them.
-- A slot's start is kept twice: as the instant (starts_at, what "past" and "24 hours before" are measured on) and
-- as the wall-clock date and time in the institute's zone it was published in (what every page and email shows).
CREATE TABLE advising_slots (
  id uuid PRIMARY KEY,
  starts_at timestamptz NOT NULL,
  local_date date NOT NULL,
  local_time time NOT NULL,
  time_zone text NOT NULL,
  minutes integer NOT NULL CHECK (minutes BETWEEN 10 AND 240),
  advisor text NOT NULL CHECK (length(advisor) BETWEEN 1 AND 120),
  capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 50),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  cancel_reason text
);
CREATE INDEX advising_slots_starts_idx ON advising_slots (starts_at, id);

-- A booking holds one place of its slot. Places are counted under the slot's row lock, so two visitors for the
-- last place cannot both get it; the unique index keeps one person from holding two places of the same slot.
-- reminder_queued_at is the reminder's claim: set once, in the statement that queues the email.
CREATE TABLE advising_bookings (
  id uuid PRIMARY KEY,
  slot_id uuid NOT NULL REFERENCES advising_slots (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  topic text NOT NULL,
  inquiry_id uuid REFERENCES inquiries (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  cancelled_by text CHECK (cancelled_by IN ('visitor', 'institute')),
  reminder_queued_at timestamptz
);
CREATE UNIQUE INDEX advising_bookings_one_per_person ON advising_bookings (slot_id, lower(email)) WHERE cancelled_at IS NULL;
CREATE INDEX advising_bookings_slot_idx ON advising_bookings (slot_id) WHERE cancelled_at IS NULL;
CREATE INDEX advising_bookings_reminder_idx ON advising_bookings (slot_id) WHERE cancelled_at IS NULL AND reminder_queued_at IS NULL;

-- Each booking is a lead too: the inbox shows it beside contact messages and appointment requests.
ALTER TABLE inquiries DROP CONSTRAINT inquiries_kind_check;
ALTER TABLE inquiries ADD CONSTRAINT inquiries_kind_check CHECK (kind IN ('contact', 'appointment', 'advising'));
