-- Sessions that end (issue 15, decision 015). Every token carries its user's token_version; signing a user out
-- everywhere increments it, so no token issued before matches any more.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- Logout revokes one token: its id (jti) is kept until the token would have expired anyway, then deleted.
CREATE TABLE revoked_tokens (
  jti uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

-- Sign-in and sign-up throttling (decision 015), shared by every API instance: one counter per key in a fixed
-- window. Keys: 'login-account:<sha256 of the email>' and 'login-ip:<address>' count failed sign-ins,
-- 'register-ip:<address>' counts sign-ups. Rows whose window ended long ago are deleted.
CREATE TABLE auth_attempts (
  key text PRIMARY KEY,
  attempts integer NOT NULL CHECK (attempts >= 0),
  window_started_at timestamptz NOT NULL
);
CREATE INDEX auth_attempts_window_idx ON auth_attempts (window_started_at);
