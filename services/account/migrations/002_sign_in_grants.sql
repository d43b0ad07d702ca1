-- A confirmation link's one-time sign-in: the site's own page exchanges its code on its server for the
-- researcher's session (POST /auth/v1/verify), so no token is ever left in an address or its history.
CREATE TABLE sign_in_grants (
  code_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
