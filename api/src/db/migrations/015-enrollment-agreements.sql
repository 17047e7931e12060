-- Enrollment agreement (issue 29): versioned terms the admin publishes, and each student's acceptance of a version.
-- A version is never edited: a change is a new version, so an acceptance always names the text the student read.
CREATE TABLE agreement_versions (
  version integer PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by uuid REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE agreement_acceptances (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  version integer NOT NULL REFERENCES agreement_versions(version),
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, version)
);
