-- Products, their dose variants and the price lists of each sales channel (ARCHITECTURE.md, "Price lists").
CREATE TABLE categories (
  slug text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  position int NOT NULL
);

CREATE TABLE products (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]*$'),
  name text NOT NULL,
  description text NOT NULL,
  category_slug text REFERENCES categories (slug),
  cas_number text NOT NULL,
  molecular_formula text NOT NULL,
  molecular_weight text NOT NULL,
  storage text NOT NULL DEFAULT '-20°C',
  applications text[] NOT NULL DEFAULT '{}',
  -- The colour of the vial's cap in its drawing.
  accent_color text NOT NULL CHECK (accent_color ~ '^#[0-9a-f]{6}$')
);

CREATE TABLE product_keywords (
  product_id text NOT NULL REFERENCES products (id),
  keyword text NOT NULL,
  PRIMARY KEY (product_id, keyword)
);

CREATE TABLE product_research_areas (
  product_id text NOT NULL REFERENCES products (id),
  area text NOT NULL,
  position int NOT NULL,
  PRIMARY KEY (product_id, area)
);

CREATE TABLE product_variants (
  product_id text NOT NULL REFERENCES products (id),
  dose text NOT NULL CHECK (dose ~ '^[0-9.]+(mg|ml)$'),
  PRIMARY KEY (product_id, dose)
);

-- One drawing per product, or one per vial amount where the picture follows the dose.
CREATE TABLE product_images (
  product_id text NOT NULL REFERENCES products (id),
  dose text,
  path text NOT NULL UNIQUE,
  FOREIGN KEY (product_id, dose) REFERENCES product_variants (product_id, dose)
);
CREATE UNIQUE INDEX product_images_one_per_dose ON product_images (product_id, coalesce(dose, ''));

CREATE TABLE sales_channels (
  slug text PRIMARY KEY,
  name text NOT NULL,
  used_by text NOT NULL
);

-- Which products a channel lists, in what order, and how.
CREATE TABLE channel_listings (
  channel text NOT NULL REFERENCES sales_channels (slug),
  product_id text NOT NULL REFERENCES products (id),
  position int NOT NULL,
  default_dose text NOT NULL,
  purity_label text NOT NULL,
  featured boolean NOT NULL DEFAULT false,
  in_stock boolean NOT NULL DEFAULT true,
  PRIMARY KEY (channel, product_id),
  FOREIGN KEY (product_id, default_dose) REFERENCES product_variants (product_id, dose)
);

-- A price exists only for the combinations a channel sells; anything else has no price at all.
CREATE TABLE price_list_entries (
  channel text NOT NULL,
  product_id text NOT NULL,
  dose text NOT NULL,
  position int NOT NULL,
  price_cents int NOT NULL CHECK (price_cents > 0),
  sku text NOT NULL CHECK (sku ~ '^[A-Z0-9]+$'),
  purity numeric(4, 1) NOT NULL CHECK (purity > 0 AND purity <= 100),
  popular boolean NOT NULL DEFAULT false,
  promo_label text,
  PRIMARY KEY (channel, product_id, dose),
  FOREIGN KEY (channel, product_id) REFERENCES channel_listings (channel, product_id),
  FOREIGN KEY (product_id, dose) REFERENCES product_variants (product_id, dose)
);
