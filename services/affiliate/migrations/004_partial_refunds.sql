-- How much of a referred order's payment went back (in part, by partial refunds): its commission is
-- then the share of the order that was kept.
ALTER TABLE referred_orders
  ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  ADD COLUMN paid_cents bigint CHECK (paid_cents > 0);
