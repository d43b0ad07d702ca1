-- The additions a cart has had, by the id the shopper's page gave each: an addition sent twice (a tab
-- duplicated, or restored from the back-forward cache, as it was being sent) is added once.
CREATE TABLE cart_additions (
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  addition_id text NOT NULL,
  PRIMARY KEY (cart_id, addition_id)
);
