-- A researcher's orders (/account): those placed signed in to their account, and those placed with its
-- email once that email is confirmed, newest first.
CREATE INDEX orders_of_account ON orders (account_id, created_at DESC) WHERE account_id IS NOT NULL;
CREATE INDEX orders_of_email ON orders ((lower(customer ->> 'email')), created_at DESC);
