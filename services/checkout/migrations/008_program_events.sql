-- What the affiliate program hears of this service (ADR 0019): links followed, orders paid and orders
-- refunded or cancelled, written in the same transaction as the change and kept until the affiliate
-- service has taken them (an outbox: an outage of the program loses nothing and delays only its figures).
CREATE TABLE program_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('link-followed', 'order-paid', 'order-reversed')),
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX program_events_pending ON program_events (id) WHERE delivered_at IS NULL;

-- The affiliate link the shopper last followed (its code and when), as their browser carried it to the
-- order, and when a paid order was refunded or cancelled (once: a replayed notice finds it set).
ALTER TABLE orders
  ADD COLUMN referral_code text,
  ADD COLUMN referral_followed_at timestamptz,
  ADD COLUMN reversed_at timestamptz;
