-- The affiliate's name as it was when the order was placed: the payment link is built only from the
-- order's own columns, so a retry sends Square the same request even if the affiliate is renamed since.
ALTER TABLE orders ADD COLUMN affiliate_name text;
UPDATE orders o SET affiliate_name = a.name FROM affiliates a WHERE a.id = o.affiliate_id;
