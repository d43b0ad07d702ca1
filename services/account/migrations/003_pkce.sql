-- Supabase's PKCE flow: a confirmation link carries the challenge its sign-up was sent with, and the
-- one-time code the link leads to signs in only the browser that holds the verifier (the one that signed
-- up). Opened anywhere else, the link confirms the address and no more: a link kept by someone else
-- cannot sign a victim in as them.
ALTER TABLE confirmation_tokens
  ADD COLUMN code_challenge text,
  ADD COLUMN code_challenge_method text CHECK (code_challenge_method IN ('s256', 'plain'));
ALTER TABLE sign_in_grants
  ADD COLUMN code_challenge text NOT NULL DEFAULT '',
  ADD COLUMN code_challenge_method text NOT NULL DEFAULT 's256' CHECK (code_challenge_method IN ('s256', 'plain'));
