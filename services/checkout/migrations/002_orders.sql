-- Orders are stored, priced by this service, before any payment is attempted (status pending_payment).
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Spec section 2: ORD- plus the last 8 characters of the session id (the order id), upper-cased.
  order_number text GENERATED ALWAYS AS ('ORD-' || upper(right(id::text, 8))) STORED,
  status text NOT NULL DEFAULT 'pending_payment' CHECK (status IN ('pending_payment', 'paid')),
  checkout text NOT NULL CHECK (checkout IN ('quick', 'product', 'cart')),
  idempotency_key text UNIQUE,
  request_fingerprint text NOT NULL,
  customer jsonb NOT NULL,
  shipping jsonb,
  affiliate_id uuid REFERENCES affiliates (id),
  affiliate_code text,
  discount_rate numeric(5, 4) NOT NULL DEFAULT 0,
  subtotal_cents int NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents int NOT NULL CHECK (discount_cents >= 0),
  shipping_cents int NOT NULL CHECK (shipping_cents >= 0),
  tax_cents int NOT NULL CHECK (tax_cents >= 0),
  total_cents int NOT NULL CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE order_lines (
  order_id uuid NOT NULL REFERENCES orders (id),
  position int NOT NULL,
  channel text NOT NULL,
  product_id text NOT NULL,
  dose text NOT NULL,
  name text NOT NULL,
  sku text NOT NULL,
  unit_price_cents int NOT NULL CHECK (unit_price_cents > 0),
  quantity int NOT NULL CHECK (quantity > 0),
  line_total_cents int NOT NULL CHECK (line_total_cents = unit_price_cents * quantity),
  PRIMARY KEY (order_id, position)
);
