-- A page that never saw an addition's answer (a reload sent before it came back, with the cart's cookie)
-- sends it again without that cookie, and is answered with the cart it went into, for an hour after it
-- was made: additions are looked up by their id, and know when they were made.
ALTER TABLE cart_additions ADD COLUMN added_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX cart_additions_addition_id ON cart_additions (addition_id);
