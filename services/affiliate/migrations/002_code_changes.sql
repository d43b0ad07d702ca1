-- The discount an affiliate's code gives shoppers, in basis points (1000 = 10 %), set by operators.
ALTER TABLE affiliates ADD COLUMN discount_rate_bp integer NOT NULL DEFAULT 1000
  CHECK (discount_rate_bp BETWEEN 1 AND 9999);

-- Each change of an affiliate's code that checkout must hear of (ADR 0018: checkout keeps a projection
-- of the codes), written with the change itself and kept until checkout has taken it.
CREATE TABLE code_changes (
  id bigserial PRIMARY KEY,
  affiliate_id uuid NOT NULL REFERENCES affiliates (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX code_changes_pending ON code_changes (id) WHERE delivered_at IS NULL;
