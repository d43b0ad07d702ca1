-- One counter per database that moves whenever data a live snapshot is made from changes. Services
-- attach `bump_data_version()` to those tables as a statement trigger (`move_data_version_on`), so a
-- change made by any instance, command or hand-written SQL is seen by every instance's next version
-- check (services/kit, live-snapshot).
CREATE TABLE data_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);

INSERT INTO data_version (version) VALUES (1);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1;
  RETURN NULL;
END
$$;

-- Attaches bump_data_version() to each named table, so a service's migration lists its tables once.
CREATE FUNCTION move_data_version_on(tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  table_name text;
BEGIN
  FOREACH table_name IN ARRAY tables LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()',
      table_name || '_moves_data_version', table_name);
  END LOOP;
END
$$;
