-- Accounts: users with a scrypt password hash, email confirmation links, sessions and their
-- single-use refresh tokens (each rotation records its parent), and the development mailbox.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  user_metadata jsonb NOT NULL DEFAULT '{}',
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE confirmation_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  redirect_to text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id),
  parent_hash text,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Where confirmation emails go when no SMTP server is configured (development only).
CREATE TABLE dev_mailbox (
  id serial PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  link text,
  sent_at timestamptz NOT NULL DEFAULT now()
);
