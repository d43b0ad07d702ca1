-- Prices in bigint cents, as the checkout service stores every amount.
ALTER TABLE price_list_entries ALTER COLUMN price_cents TYPE bigint;
