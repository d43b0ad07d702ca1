CREATE TABLE policy_documents (
  slug text PRIMARY KEY,
  title text NOT NULL,
  summary text NOT NULL,
  updated_on date NOT NULL,
  sections jsonb NOT NULL
);
