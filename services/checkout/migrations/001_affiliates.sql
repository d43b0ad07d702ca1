-- Affiliate codes (spec sections 3 and 7). Codes are stored upper-case; rates are fractions (0.1 = 10%).
CREATE TABLE affiliates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code = upper(code) AND code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  name text NOT NULL CHECK (length(trim(name)) > 0),
  discount_rate numeric(5, 4) NOT NULL CHECK (discount_rate > 0 AND discount_rate < 1),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The lookup the spec names: rows (affiliate_id, discount_rate, affiliate_name) for an active code,
-- none otherwise. Trimming and upper-casing here too keeps every caller consistent.
CREATE FUNCTION get_affiliate_discount(affiliate_code text)
RETURNS TABLE (affiliate_id uuid, discount_rate numeric, affiliate_name text)
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.discount_rate, a.name
    FROM affiliates a
   WHERE a.code = upper(trim(affiliate_code)) AND a.active
$$;
