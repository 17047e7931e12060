-- Users: emails and usernames are unique case-insensitively, so concurrent sign-ups cannot duplicate them.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

-- Courses and quick programs share one shape; one table lets payments reference either with one key.
CREATE TABLE programs (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('course', 'quick_program')),
  title text NOT NULL,
  img_url text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  duration text NOT NULL,
  total_hours text NOT NULL,
  credential text NOT NULL,
  pre_requisite text NOT NULL,
  certification text NOT NULL,
  description text NOT NULL DEFAULT '',
  content jsonb NOT NULL DEFAULT '[]'::jsonb,
  calendar_length text,
  category text,
  featured boolean NOT NULL DEFAULT false,
  intro_video_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX programs_kind_created_idx ON programs (kind, created_at, id);

CREATE TABLE blogs (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  img_url text NOT NULL,
  author text NOT NULL,
  category text NOT NULL,
  content text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blogs_created_idx ON blogs (created_at DESC, id);

CREATE TABLE gallery_images (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  image_path text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gallery_created_idx ON gallery_images (created_at DESC, id);

-- Small facts about this database, e.g. that the demo content was seeded once (never re-seeded after deletes).
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
