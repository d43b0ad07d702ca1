-- Spec section 2: the dedicated single-product checkouts, owned here so that a product's checkout
-- address is written once: the home grid links to it and the checkout module's page reads it by slug.
-- A new dedicated checkout is one row (and a storefront listing), with no module deployed.
CREATE TABLE dedicated_checkouts (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  channel text NOT NULL DEFAULT 'storefront' CHECK (channel = 'storefront'),
  product_id text NOT NULL UNIQUE,
  -- The vial amount chosen when the link names none (spec: 'Default dosage').
  default_dose text NOT NULL,
  -- Retatrutide's page goes home from Back; the others go back in history.
  back_to text NOT NULL DEFAULT 'history' CHECK (back_to IN ('home', 'history')),
  -- Only the BPC-157 page offers 'Add to Cart'.
  offers_add_to_cart boolean NOT NULL DEFAULT false,
  FOREIGN KEY (channel, product_id) REFERENCES channel_listings (channel, product_id),
  FOREIGN KEY (channel, product_id, default_dose) REFERENCES price_list_entries (channel, product_id, dose)
);

INSERT INTO dedicated_checkouts (slug, product_id, default_dose, back_to, offers_add_to_cart) VALUES
  ('retatrutide', 'retatrutide', '10mg', 'home', false),
  ('bpc-157', 'bpc-157', '10mg', 'history', true),
  ('ghk-cu', 'ghk-cu', '50mg', 'history', false),
  ('igf1-lr3', 'igf1-lr3', '1mg', 'history', false),
  ('cjc1295', 'cjc-1295', '5mg', 'history', false),
  ('tb-500', 'tb-500', '5mg', 'history', false),
  ('semax', 'semax', '10mg', 'history', false);

SELECT move_data_version_on(ARRAY['dedicated_checkouts']);
