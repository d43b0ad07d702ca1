-- Carts no one has changed for 30 days are abandoned (carts-store.ts, ABANDONED_CART_DAYS): each new
-- cart clears a few of them away, found by this index.
CREATE INDEX carts_abandoned ON carts (updated_at) WHERE user_id IS NULL;
