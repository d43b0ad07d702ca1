-- The Square side of an order: its payment link (created once, the order id being the idempotency key),
-- the Square order it pays, and when the payment was confirmed by a verified webhook.
ALTER TABLE orders
  ADD COLUMN payment_link_id text,
  ADD COLUMN square_order_id text UNIQUE,
  ADD COLUMN payment_url text,
  ADD COLUMN square_payment_id text,
  ADD COLUMN paid_at timestamptz,
  ADD CONSTRAINT paid_orders_have_a_payment CHECK (status <> 'paid' OR (paid_at IS NOT NULL AND square_payment_id IS NOT NULL));

-- Every verified webhook event, once: a replayed or redelivered event id finds its row and changes nothing.
CREATE TABLE webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  square_order_id text,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
