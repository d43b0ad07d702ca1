-- The BPC-157 product page (spec section 3) relates TB-500 and GHK-Cu, which are not among the six
-- catalogue cards. Their product pages must lead somewhere real and show a catalogue-channel price, so
-- the catalogue channel lists them without showing them in the catalogue grid, at their storefront
-- prices (the spec gives no other price for them).
ALTER TABLE channel_listings ADD COLUMN shown_in_grid boolean NOT NULL DEFAULT true;

INSERT INTO channel_listings (channel, product_id, position, default_dose, purity_label, featured, in_stock, shown_in_grid) VALUES
  ('catalogue', 'tb-500', 7, '5mg', '99%', false, true, false),
  ('catalogue', 'ghk-cu', 8, '50mg', '99%', false, true, false);

INSERT INTO price_list_entries (channel, product_id, dose, position, price_cents, sku, purity) VALUES
  ('catalogue', 'tb-500', '5mg', 1, 6000, 'TB500', 99.0),
  ('catalogue', 'ghk-cu', '50mg', 1, 6999, 'GHKCU', 99.0);

INSERT INTO product_research_areas (product_id, area, position) VALUES
  ('tb-500', 'Tissue Repair', 1), ('tb-500', 'Cell Migration', 2),
  ('ghk-cu', 'Tissue Remodelling', 1), ('ghk-cu', 'Skin Biology', 2);
