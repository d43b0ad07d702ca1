-- Who has joined the program, or asked to: one row per account. A code is given on approval and never
-- given to another account (unique even once declined or disabled). Rates are basis points of the
-- subtotal after discount (1000 = 10 %).
CREATE TABLE affiliates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id text NOT NULL UNIQUE,
  name text NOT NULL,
  channel text NOT NULL,
  promotion text NOT NULL,
  status text NOT NULL DEFAULT 'applied' CHECK (status IN ('applied', 'approved', 'declined')),
  code text UNIQUE,
  commission_rate_bp integer NOT NULL DEFAULT 1000 CHECK (commission_rate_bp BETWEEN 0 AND 10000),
  applied_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'approved') = (code IS NOT NULL))
);
CREATE INDEX affiliates_by_status ON affiliates (status, applied_at);
