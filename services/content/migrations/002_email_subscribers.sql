-- Spec section 3: one row per newsletter subscriber; an email may subscribe once, whatever its case.
CREATE TABLE email_subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (length(email) > 0),
  name text NOT NULL CHECK (length(name) > 0),
  source text NOT NULL DEFAULT 'website',
  tags text[] NOT NULL DEFAULT ARRAY['newsletter', 'research-updates'],
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX email_subscribers_email_key ON email_subscribers (lower(email));
