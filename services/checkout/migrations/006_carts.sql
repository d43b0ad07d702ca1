-- Shoppers' carts, kept here so a cart works before and without JavaScript (a form posts to the shell,
-- which calls this service) and follows a signed-in shopper to another device. A browser holds only the
-- cart's id, in an httpOnly cookie; prices are never stored, only the unit price the shopper saw.
CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Set once a signed-in shopper's browser claims the cart: one cart per account.
  user_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_lines (
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  dose text NOT NULL,
  channel text NOT NULL,
  quantity int NOT NULL CHECK (quantity > 0),
  name text NOT NULL,
  image text NOT NULL,
  price_seen_cents bigint NOT NULL CHECK (price_seen_cents >= 0),
  added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (cart_id, product_id, dose, channel)
);
