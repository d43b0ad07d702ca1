-- The signed-in account that placed an order, when the buyer was signed in (buying needs no account):
-- the affiliate program is told it, so an affiliate's own orders earn nothing (ADR 0019).
ALTER TABLE orders ADD COLUMN account_id text;
