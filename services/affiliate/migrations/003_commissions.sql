-- ADR 0019: what the program records of checkout's events. The account's email (as its session gave it
-- when it applied) is kept only to refuse commission on an affiliate's own orders.
ALTER TABLE affiliates ADD COLUMN email text;

-- A click: one client (a digest of its address and browser, never the address) following one
-- affiliate's link, once per day however often it follows it.
CREATE TABLE clicks (
  affiliate_id uuid NOT NULL REFERENCES affiliates (id),
  day date NOT NULL,
  client_key text NOT NULL,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (affiliate_id, day, client_key)
);

-- What the operator paid an affiliate at once: the payable commissions it settled.
CREATE TABLE payouts (
  id bigserial PRIMARY KEY,
  affiliate_id uuid NOT NULL REFERENCES affiliates (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  paid_at timestamptz NOT NULL DEFAULT now()
);

-- A paid order the program attributed to an affiliate, once per order (a replayed event finds it).
-- Money in integer cents of the shop's one currency: the subtotal after the discount, before shipping
-- and tax, and the commission at the affiliate's rate when the order was paid. 'none' earns nothing
-- (the affiliate's own order); a pending commission is payable once the refund window has passed.
CREATE TABLE referred_orders (
  order_id uuid PRIMARY KEY,
  affiliate_id uuid NOT NULL REFERENCES affiliates (id),
  order_number text NOT NULL,
  via text NOT NULL CHECK (via IN ('code', 'link')),
  paid_at timestamptz NOT NULL,
  subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
  commission_rate_bp integer NOT NULL CHECK (commission_rate_bp BETWEEN 0 AND 10000),
  commission_cents bigint NOT NULL CHECK (commission_cents >= 0),
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'reversed', 'none')),
  reversed_at timestamptz,
  payout_id bigint REFERENCES payouts (id),
  CHECK ((status = 'paid') = (payout_id IS NOT NULL))
);
CREATE INDEX referred_orders_by_affiliate ON referred_orders (affiliate_id, paid_at);
