-- Each completed refund of a paid order, once by its id (Square reports one refund in several events),
-- and how much of the order's payment has gone back: the affiliate program takes back the same share of
-- its commission (a partial refund, part of it).
CREATE TABLE order_refunds (
  refund_id text PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  refunded_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE orders ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
