-- Detail records of product pages. Identity (name, dose, CAS, formula, weight, purity, category) and
-- prices belong to the catalog service; this service never stores a price.
CREATE TABLE product_details (
  product_id text PRIMARY KEY CHECK (product_id ~ '^[a-z0-9][a-z0-9-]*$'),
  full_description text NOT NULL,
  research_applications jsonb NOT NULL,
  specifications jsonb NOT NULL,
  certificate jsonb NOT NULL,
  safety_information jsonb NOT NULL,
  storage_handling jsonb NOT NULL
);

CREATE TABLE related_products (
  product_id text NOT NULL REFERENCES product_details (product_id),
  related_id text NOT NULL REFERENCES product_details (product_id),
  position int NOT NULL,
  PRIMARY KEY (product_id, related_id),
  CHECK (product_id <> related_id)
);
