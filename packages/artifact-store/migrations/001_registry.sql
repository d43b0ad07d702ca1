-- The registry of live remote versions, beyond one machine: one document (the same shape as the
-- embedded default's registry.json), changed only under a row lock, each change announced on the
-- `registry_changed` channel so that every shell serves a deploy or a rollback within a second.
CREATE TABLE registry (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  document jsonb NOT NULL,
  revision bigint NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO registry (document, revision) VALUES ('{"modules": {}}', 0);
