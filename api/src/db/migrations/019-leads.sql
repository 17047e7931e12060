-- Leads (issue 31): every contact message and appointment request the site's forms send is kept, so admissions
-- can follow it up. The student account an inquiry belongs to is found by email when it is read (an account made
-- later links itself), not stored.
CREATE TABLE inquiries (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('contact', 'appointment')),
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  program text NOT NULL DEFAULT '',
  -- The visitor's preferred appointment, as wall-clock date and time in the institute's time zone (named beside it).
  preferred_date date,
  preferred_time time,
  time_zone text,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'enrolled', 'closed')),
  assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inquiries_created_idx ON inquiries (created_at DESC, id DESC);
CREATE INDEX inquiries_email_idx ON inquiries (lower(email));

-- Notes are appended, never edited: who wrote what and when is the follow-up's history. The author's name is kept
-- beside the id so a note still says who wrote it after that admin's account is gone.
CREATE TABLE inquiry_notes (
  id uuid PRIMARY KEY,
  inquiry_id uuid NOT NULL REFERENCES inquiries(id) ON DELETE CASCADE,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inquiry_notes_inquiry_idx ON inquiry_notes (inquiry_id, created_at);
