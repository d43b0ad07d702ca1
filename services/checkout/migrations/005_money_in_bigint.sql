-- Money in bigint cents. An int holds at most 2^31 - 1 cents ($21,474,836.47): a total past it was a
-- 500 instead of an answer. The business cap keeps orders far below that; the columns no longer rely on it.
ALTER TABLE orders
  ALTER COLUMN subtotal_cents TYPE bigint,
  ALTER COLUMN discount_cents TYPE bigint,
  ALTER COLUMN shipping_cents TYPE bigint,
  ALTER COLUMN tax_cents TYPE bigint,
  ALTER COLUMN total_cents TYPE bigint;

ALTER TABLE order_lines
  ALTER COLUMN unit_price_cents TYPE bigint,
  ALTER COLUMN line_total_cents TYPE bigint;
