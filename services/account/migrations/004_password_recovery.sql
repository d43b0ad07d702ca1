-- Password recovery (ADR 0010, amended): a one-time link mailed to the account's address, valid for an
-- hour, only the newest one working. Following it starts a session that may set a new password without
-- the current one, for as long as the link would have lived (recovery_until).
CREATE TABLE recovery_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_tokens_of_user ON recovery_tokens (user_id) WHERE used_at IS NULL;
ALTER TABLE users ADD COLUMN recovery_sent_at timestamptz;
ALTER TABLE sessions ADD COLUMN recovery_until timestamptz;
